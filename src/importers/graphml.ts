import { GraphBuilder } from './graphBuilder';
import { ImportError, type ImportOptions, type ImportedGraph } from './types';
import { attribute, child, children, parseXml, text, type XmlElement } from './xml';

const LABEL_KEYS = ['label', 'name', 'title'];

/** The id of the <key> that holds node labels, if the file declares one. */
function labelKey(root: XmlElement): string | undefined {
  const keys = children(root, 'key').filter((key) => (attribute(key, 'for') ?? 'node') !== 'edge');
  for (const wanted of LABEL_KEYS) {
    const key = keys.find((k) => (attribute(k, 'attr.name') ?? '').toLowerCase() === wanted);
    if (key) return attribute(key, 'id');
  }
  return undefined;
}

/** GraphML (graphml.graphdrawing.org): <node id> and <edge source target>, labels from a label/name key. */
export function importGraphml(source: string, options: ImportOptions = {}): ImportedGraph {
  const doc = parseXml(source, ['key', 'graph', 'node', 'edge', 'data', 'hyperedge'], options.source);
  const root = child(doc, 'graphml');
  if (!root) throw new ImportError('no <graphml> element: this is not a GraphML file', undefined, options.source);
  const graph = children(root, 'graph')[0];
  if (!graph) throw new ImportError('<graphml> holds no <graph>', undefined, options.source);
  const key = labelKey(root);
  const builder = new GraphBuilder();
  children(graph, 'node').forEach((node, index) => {
    const id = attribute(node, 'id');
    if (id === undefined) throw new ImportError(`node ${index + 1} has no id attribute`, undefined, options.source);
    const label = key ? children(node, 'data').find((data) => attribute(data, 'key') === key) : undefined;
    builder.node(id, (label && text(label)?.trim()) || id);
  });
  children(graph, 'edge').forEach((edge, index) => {
    const from = attribute(edge, 'source');
    const to = attribute(edge, 'target');
    if (from === undefined || to === undefined) {
      throw new ImportError(`edge ${index + 1} lacks a source or target attribute`, undefined, options.source);
    }
    builder.edge(from, to);
  });
  if (children(graph, 'hyperedge').length > 0) builder.notes.push('hyperedges were ignored');
  return builder.build('graphml');
}

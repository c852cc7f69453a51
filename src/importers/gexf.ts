import { GraphBuilder } from './graphBuilder';
import { ImportError, type ImportOptions, type ImportedGraph } from './types';
import { attribute, child, children, parseXml } from './xml';

/** GEXF (gexf.net, Gephi's format): <nodes><node id label/></nodes><edges><edge source target/></edges>. */
export function importGexf(source: string, options: ImportOptions = {}): ImportedGraph {
  const doc = parseXml(source, ['node', 'edge', 'nodes', 'edges'], options.source);
  const graph = child(child(doc, 'gexf'), 'graph');
  if (!graph) throw new ImportError('no <gexf><graph>: this is not a GEXF file', undefined, options.source);
  const builder = new GraphBuilder();
  for (const nodes of children(graph, 'nodes')) {
    children(nodes, 'node').forEach((node, index) => {
      const id = attribute(node, 'id');
      if (id === undefined) throw new ImportError(`node ${index + 1} has no id attribute`, undefined, options.source);
      builder.node(id, attribute(node, 'label')?.trim() || id);
    });
  }
  for (const edges of children(graph, 'edges')) {
    children(edges, 'edge').forEach((edge, index) => {
      const from = attribute(edge, 'source');
      const to = attribute(edge, 'target');
      if (from === undefined || to === undefined) {
        throw new ImportError(`edge ${index + 1} lacks a source or target attribute`, undefined, options.source);
      }
      builder.edge(from, to);
    });
  }
  return builder.build('gexf');
}

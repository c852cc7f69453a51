import { GraphBuilder } from './graphBuilder';
import { isRecord, parseJson } from './json';
import { ImportError, type ImportOptions, type ImportedGraph } from './types';

type Endpoint = string | number;

function endpoint(value: unknown): Endpoint | undefined {
  if (typeof value === 'string' || typeof value === 'number') return value;
  // d3-force replaces source/target with the node objects once a simulation ran.
  if (isRecord(value) && (typeof value.id === 'string' || typeof value.id === 'number')) return value.id;
  return undefined;
}

function nodeLabel(node: Record<string, unknown>, fallback: string): string {
  for (const key of ['label', 'name', 'title']) {
    const value = node[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  const data = node.data;
  if (isRecord(data)) return nodeLabel(data, fallback);
  return fallback;
}

/**
 * Node-link JSON: d3 ({nodes: [{id}], links: [{source, target}]}, where endpoints may also be node
 * indices), networkx node_link_data ("links" or "edges") and ngraph.tojson ({fromId, toId}).
 */
export function importNodeLinkJson(text: string, options: ImportOptions = {}): ImportedGraph {
  const doc = parseJson(text, options.source);
  if (!isRecord(doc)) throw new ImportError('expected a JSON object with "nodes" and "links"', 1, options.source);
  const nodes = doc.nodes ?? [];
  const links = doc.links ?? doc.edges ?? [];
  if (!Array.isArray(nodes) || !Array.isArray(links)) {
    throw new ImportError('"nodes" and "links" (or "edges") must be arrays', undefined, options.source);
  }
  const builder = new GraphBuilder();
  const keysByIndex: string[] = [];
  let nodesHaveIds = false;
  nodes.forEach((node: unknown, index) => {
    if (!isRecord(node)) throw new ImportError(`nodes[${index}] is not an object`, undefined, options.source);
    const id = endpoint(node.id);
    if (id !== undefined) nodesHaveIds = true;
    const key = id === undefined ? `#${index}` : String(id);
    keysByIndex.push(key);
    builder.node(key, nodeLabel(node, id === undefined ? String(index) : String(id)));
  });
  let addedEndpoints = 0;
  const resolve = (value: Endpoint): string => {
    // Without node ids, d3 links refer to nodes by their index in the nodes array.
    if (!nodesHaveIds && typeof value === 'number' && keysByIndex[value] !== undefined) return keysByIndex[value];
    const key = String(value);
    if (!builder.has(key)) addedEndpoints++;
    return key;
  };
  links.forEach((link: unknown, index) => {
    if (!isRecord(link)) throw new ImportError(`links[${index}] is not an object`, undefined, options.source);
    const from = endpoint(link.source ?? link.fromId ?? link.from);
    const to = endpoint(link.target ?? link.toId ?? link.to);
    if (from === undefined || to === undefined) {
      throw new ImportError(
        `links[${index}] needs "source" and "target" (or "fromId" and "toId")`,
        undefined,
        options.source,
      );
    }
    builder.edge(resolve(from), resolve(to));
  });
  if (addedEndpoints > 0) builder.notes.push(`${addedEndpoints} link endpoints were not listed in "nodes" and were added`);
  return builder.build('json');
}

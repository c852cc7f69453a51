import { fromDot, type GraphBaseModel, type EdgeTargetLikeTuple } from 'ts-graphviz';
import { GraphBuilder } from './graphBuilder';
import { ImportError, type ImportOptions, type ImportedGraph } from './types';

interface PegLocation {
  start: { line: number; column: number };
}

/** The line a ts-graphviz syntax error points at (kept in the peggy error it wraps). */
function errorLine(error: Error): number | undefined {
  const cause = (error as Error & { cause?: { location?: PegLocation } }).cause;
  return cause?.location?.start.line;
}

type Endpoint = string | { id: string };

function idOf(ref: Endpoint): string {
  return typeof ref === 'string' ? ref : ref.id;
}

function endpointIds(target: EdgeTargetLikeTuple[number]): string[] {
  if (Array.isArray(target)) return (target as Endpoint[]).map(idOf);
  return [idOf(target as Endpoint)];
}

function collect(graph: GraphBaseModel, builder: GraphBuilder): void {
  for (const node of graph.nodes) builder.node(node.id);
  for (const edge of graph.edges) {
    const chain = edge.targets.map(endpointIds);
    for (let k = 0; k + 1 < chain.length; k++) {
      for (const from of chain[k]) for (const to of chain[k + 1]) builder.edge(from, to);
    }
  }
  for (const subgraph of graph.subgraphs) collect(subgraph, builder);
}

/** Graphviz DOT (digraph or graph; edge chains, {a b} groups and subgraphs), parsed by ts-graphviz. */
export function importDot(text: string, options: ImportOptions = {}): ImportedGraph {
  let root;
  try {
    root = fromDot(text, {
      parse: { maxInputSize: 0, maxASTNodes: 0, maxEdgeChainDepth: 1_000_000 },
    } as Parameters<typeof fromDot>[1]);
  } catch (error) {
    if (error instanceof Error) {
      throw new ImportError(`not valid DOT: ${error.message}`, errorLine(error), options.source);
    }
    throw error;
  }
  const builder = new GraphBuilder();
  collect(root, builder);
  return builder.build('dot');
}

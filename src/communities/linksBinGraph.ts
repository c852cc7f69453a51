import type { LinkSource } from './weightedGraph';

/**
 * The links of links.bin's values (docs: a negative value -(k+1) starts star k's out-list, a positive
 * value v links to star v-1), read without building the directed adjacency. Values the format does
 * not allow are skipped, as the viewer's decoder drops them.
 */
export function linksBinSource(values: Int32Array, nodeCount: number): LinkSource {
  return (visit) => {
    let source = -1;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value < 0) {
        source = -value - 1;
        if (source >= nodeCount) source = -1;
      } else if (value > 0 && source >= 0 && value <= nodeCount) {
        visit(source, value - 1);
      }
    }
  };
}

/** Each star's in-degree over the same links. */
export function inDegrees(nodeCount: number, forEachLink: LinkSource): Uint32Array {
  const degree = new Uint32Array(nodeCount);
  forEachLink((_source, target) => {
    degree[target]++;
  });
  return degree;
}

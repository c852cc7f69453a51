/**
 * docs/rules.md#panels: the data warnings' lines for the parts of a tiled galaxy that could not be
 * read, oldest first, each as the tiled galaxy says it: a tile by its region and box with the
 * reason ("tile 3-5-1 (x -5000..0, y 0..5000, z -2500..2500): stars/12.bin.gz could not be read
 * (...)"), or a name or adjacency shard.
 */
export function missingRegionWarnings(regions: readonly string[]): string[] {
  return [...new Set(regions)].map((region) => `Could not be loaded: ${region}`);
}

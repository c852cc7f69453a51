/**
 * docs/rules.md#panels: the data warnings' lines for the regions of a tiled galaxy whose tiles could
 * not be read, one a region, oldest first. A region is named as the tiled galaxy names it (its tile
 * and box), e.g. "tile 3-5-1 (x -5000..0, y 0..5000, z -2500..2500)".
 */
export function missingRegionWarnings(regions: readonly string[]): string[] {
  return [...new Set(regions)].map((region) => `Could not load ${region}: the stars of this region are missing`);
}

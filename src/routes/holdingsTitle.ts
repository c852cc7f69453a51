import { formatBytes } from '../open/memoryBudget';
import type { Holdings } from '../tiles/stream/heldParts';

/**
 * What a tiled galaxy holds against its holding budget, said on the stats line's title (a tooltip):
 * 'Holding about 9.4 MB for the drawn stars (of 9.6 MB); 1.2 MB of names, 3.4 MB of out-links and
 * 0 bytes of neighbour lists (of 128 MB together, least recently used first out)'.
 */
export function holdingsTitle({ stars, names, outLinks, adjacency, total }: Holdings): string {
  return (
    `Holding about ${formatBytes(stars.bytes)} for the drawn stars (of ${formatBytes(stars.cap)}); ` +
    `${formatBytes(names.bytes)} of names, ${formatBytes(outLinks.bytes)} of out-links and ${formatBytes(adjacency.bytes)} of neighbour lists ` +
    `(of ${formatBytes(total.cap)} together, least recently used first out)`
  );
}

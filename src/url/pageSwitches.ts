/**
 * `stream=0` in the page's query string (before the '#', like `renderer=`): wait for all three
 * files before drawing, as the viewer did before stars were drawn from positions.bin alone. Kept
 * as the baseline the first-frame benchmark measures against in the same run.
 */
export function streamingStarsWanted(search: string): boolean {
  return new URLSearchParams(search).get('stream') !== '0';
}

/**
 * `tiles=0` in the page's query string: open a version that has tiles from its classic files, as
 * the viewer did before it streamed tiles. Kept as the baseline the tiles benchmark measures against.
 */
export function streamingTilesWanted(search: string): boolean {
  return new URLSearchParams(search).get('tiles') !== '0';
}

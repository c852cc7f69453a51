/**
 * `stream=0` in the page's query string (before the '#', like `renderer=`): wait for all three
 * files before drawing, as the viewer did before stars were drawn from positions.bin alone. Kept
 * as the baseline the first-frame benchmark measures against in the same run.
 */
export function streamingStarsWanted(search: string): boolean {
  return new URLSearchParams(search).get('stream') !== '0';
}

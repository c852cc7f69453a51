import type { StarRange } from '../renderer/starAttributes';

/**
 * Slots that changed, as few ranges as the GPU writes well: sorted, and joined across gaps of up
 * to `joinGap` unchanged slots (writing those again costs less than another write). A search that
 * styles 200,000 stars then writes one range instead of 200,000 of one star each.
 */
export function slotRuns(slots: ArrayLike<number>, joinGap = 256): StarRange[] {
  if (slots.length === 0) return [];
  const sorted = Int32Array.from(slots).sort();
  const runs: StarRange[] = [];
  let start = sorted[0], end = sorted[0] + 1;
  for (let i = 1; i < sorted.length; i++) {
    const slot = sorted[i];
    if (slot <= end + joinGap) end = Math.max(end, slot + 1);
    else {
      runs.push({ start, count: end - start });
      start = slot;
      end = slot + 1;
    }
  }
  runs.push({ start, count: end - start });
  return runs;
}

/**
 * Whether `count` elements of `a` from `aStart` equal those of `b` from `bStart`: what a buffer was
 * last written with against what a frame would write (an unchanged write is left out), or the
 * candidates a scan pass found against those last answered (the names' worker).
 */
export function sameElements(a: ArrayLike<number>, aStart: number, b: ArrayLike<number>, bStart: number, count: number): boolean {
  for (let i = 0; i < count; i++) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}

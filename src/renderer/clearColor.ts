/** docs/rules.md#renderer: the viewer option clearColor (0xRRGGBB) defaults to 0 when it is not a number. */
export function normalizeClearColor(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Red, green, blue in 0..1 of a 0xRRGGBB colour. */
export function clearColorRgb(value: unknown): [number, number, number] {
  const c = normalizeClearColor(value);
  return [((c >> 16) & 255) / 255, ((c >> 8) & 255) / 255, (c & 255) / 255];
}

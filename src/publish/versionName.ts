/** A version name from the time of the build, like the published ones: 2026-11-22T12-30-00Z. */
export function timestampVersion(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

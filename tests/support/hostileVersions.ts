/** Version names that would lead a reader out of the galaxy's folder, as written or once a URL is decoded. */
export const HOSTILE_VERSIONS = [
  '../victim',
  '..',
  '/etc',
  '/tmp/victim',
  '%2e%2e',
  '%2e%2e%2fvictim',
  '..%2fvictim',
  '.%2e/victim',
  '..\\victim',
  'v1/../../victim',
  '.hidden',
];

/** The message's end after "names the version": the rule galaxy build applies to the names it is given. */
export function refusedVersionReason(version: string): string {
  return `names the version ${JSON.stringify(version)}, which is not a version name (at most 100 letters, digits, ".", "_" and "-", starting with a letter or digit, no "..")`;
}

/**
 * The galaxy name in a route path segment ('/galaxy/{name}'), percent-decoded. An address with a
 * malformed escape ('%E0%A4%A') names no galaxy: undefined, so the route can say so instead of
 * failing as a whole.
 */
export function decodeRouteName(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** What the visitor reads when the address's galaxy name cannot be decoded. */
export function undecodableNameMessage(segment: string): string {
  return `The address names no galaxy: "${segment}" is not a valid percent-encoded name`;
}

/**
 * The galaxy route (docs/rules.md#routes): `/galaxy/{segment}`, one segment, a trailing slash
 * allowed, case-insensitive. The router and the address sync both match with it.
 */
export const GALAXY_ROUTE = /^\/galaxy\/(?<segment>[^/]+?)\/?$/i;

/** The galaxy a hash path names, or undefined on any other route and for an undecodable name. */
export function galaxyNameOf(path: string): string | undefined {
  const segment = GALAXY_ROUTE.exec(path)?.groups?.segment;
  return segment === undefined ? undefined : decodeRouteName(segment);
}

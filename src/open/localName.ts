import { baseName } from '../importers/fileName';

/**
 * Galaxies opened in this browser live under `#/galaxy/local:<name>`: the prefix tells them apart
 * from the data root's galaxies (whose names never hold ':'), and <name> is also the folder name in
 * the saved zip, so it follows the CLI's rule for galaxy names.
 */
export const LOCAL_PREFIX = 'local:';

export function isLocalGalaxy(route: string): boolean {
  return route.startsWith(LOCAL_PREFIX);
}

export function localRoute(name: string): string {
  return `${LOCAL_PREFIX}${name}`;
}

/** The stored name of a `local:` route name. */
export function localName(route: string): string {
  return route.slice(LOCAL_PREFIX.length);
}

const COMPRESSED = /\.(gz|gzip)$/i;
const GRAPH_EXTENSIONS = /\.(csv|tsv|txt|edges|edgelist|dot|gv|graphml|gexf|json|gt|bgp|aspaths?|bgpdump)$/i;

/**
 * A galaxy name from a file name or address: "karate.gt.gz" -> "karate", "My graph (2).csv" ->
 * "My-graph-2"; letters, digits, '.', '_' and '-' only, starting with a letter or digit; then made
 * unique against `taken` with -2, -3, ...
 */
export function galaxyNameFor(fileName: string, taken: ReadonlySet<string>): string {
  const plain = baseName(fileName.split(/[?#]/)[0]).replace(COMPRESSED, '').replace(GRAPH_EXTENSIONS, '');
  let name = plain
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/[-.]+$/, '')
    .slice(0, 60);
  if (name === '') name = 'graph';
  if (!taken.has(name)) return name;
  for (let k = 2; ; k++) if (!taken.has(`${name}-${k}`)) return `${name}-${k}`;
}

/**
 * docs/rules.md#data-and-loading: manifest.json of a galaxy, and galaxies.json of a data root: their one
 * parser, used by the viewer, Home and the CLI. `meta` is this project's optional addition;
 * readers of the original format ignore unknown keys.
 */
import { folderNameProblem, MAX_NAME_LENGTH, quotedName } from './folderName';

export interface Manifest {
  last: string;
  all: string[];
  endpoint?: string;
  meta?: GalaxyMeta;
  /** Versions that also have a tiled form in `{version}/tiles/` (docs/tiles.md); older readers ignore it. */
  tiles?: string[];
  /** Versions that also have communities.bin and communities.json (docs/communities.md); older readers ignore it. */
  communities?: string[];
}

export interface GalaxyMeta {
  title?: string;
  description?: string;
  /** Which ecosystem rules (degree labels, registry links) apply; defaults to the galaxy name. */
  kind?: string;
  /** For an internet galaxy: where the routing tables were seen from. */
  vantage?: { host: string; asn: number };
}

/** Thumbnails beside the manifest: `{root}/{name}/thumbnail_first.png` and `thumbnail_150.gif`. */
export const THUMBNAIL_STILL = 'thumbnail_first.png';
export const THUMBNAIL_ANIMATED = 'thumbnail_150.gif';

/** The data root lists its galaxies in galaxies.json, since static hosts cannot list folders. */
export interface GalaxyIndex {
  galaxies: string[];
}

export const GALAXY_INDEX_FILE = 'galaxies.json';

/**
 * Why a manifest.json cannot be used, as the end of a sentence that starts with the file's name
 * ("is not valid JSON"): the viewer, Home and the CLI each name the file their own way.
 */
export class ManifestFormatError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ManifestFormatError';
  }
}

/** A manifest naming a version that could lead out of the galaxy's folder. */
export class UnsafeVersionNameError extends ManifestFormatError {
  constructor(
    readonly version: string,
    reason: string,
  ) {
    super(reason);
    this.name = 'UnsafeVersionNameError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The one reader of manifest.json text: `last` may be left out when `all` names versions. */
export function parseManifestText(text: string): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ManifestFormatError('is not valid JSON');
  }
  return manifestFromJson(parsed);
}

/** A manifest from JSON already parsed (see parseManifestText). */
export function manifestFromJson(value: unknown): Manifest {
  if (!isRecord(value)) throw new ManifestFormatError('is not a JSON object');
  const all = Array.isArray(value.all) ? value.all.filter((v): v is string => typeof v === 'string') : [];
  const last = typeof value.last === 'string' && value.last ? value.last : all[all.length - 1];
  if (!last) throw new ManifestFormatError('names no version ("last" is missing)');
  const manifest: Manifest = { last, all: all.length > 0 ? all : [last] };
  if (typeof value.endpoint === 'string' && value.endpoint) manifest.endpoint = checkedEndpoint(value.endpoint);
  if (Array.isArray(value.tiles)) manifest.tiles = value.tiles.filter((v): v is string => typeof v === 'string');
  if (Array.isArray(value.communities)) manifest.communities = value.communities.filter((v): v is string => typeof v === 'string');
  for (const version of [last, ...all, ...(manifest.tiles ?? []), ...(manifest.communities ?? [])]) checkVersionName(version);
  const meta = galaxyMetaFromJson(value.meta);
  if (meta) manifest.meta = meta;
  return manifest;
}

/**
 * Versions become folder names and URL parts: one that could leave the galaxy's folder ("../x", "/x",
 * "%2e%2e") is refused, by the rule `galaxy build` applies to the names it is given (folderName.ts).
 */
function checkVersionName(version: string): void {
  if (folderNameProblem(version)) {
    throw new UnsafeVersionNameError(
      version,
      `names the version ${quotedName(version)}, which is not a version name (at most ${MAX_NAME_LENGTH} letters, digits, ".", "_" and "-", starting with a letter or digit, no "..")`,
    );
  }
}

/**
 * An endpoint is an http(s) address, a protocol-relative one ('//host/path') or a path; anything
 * else (javascript:, data:, file:, an address that cannot be parsed) is refused.
 */
function checkedEndpoint(endpoint: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(endpoint)?.[1]?.toLowerCase();
  let parsed: URL | undefined;
  try {
    parsed = new URL(endpoint, 'http://placeholder.invalid/');
  } catch {
    parsed = undefined;
  }
  if ((scheme === undefined || scheme === 'http' || scheme === 'https') && parsed && /^https?:$/.test(parsed.protocol)) return endpoint;
  throw new ManifestFormatError(
    `names the endpoint "${endpoint}", which is not an http(s) address, a protocol-relative address (//host/path) or a path`,
  );
}

/** The well-typed fields of a manifest's `meta`, so odd values never reach the UI. */
export function galaxyMetaFromJson(value: unknown): GalaxyMeta | undefined {
  if (!isRecord(value)) return undefined;
  const meta: GalaxyMeta = {};
  if (typeof value.title === 'string') meta.title = value.title;
  if (typeof value.description === 'string') meta.description = value.description;
  if (typeof value.kind === 'string') meta.kind = value.kind;
  const vantage = value.vantage;
  if (isRecord(vantage) && typeof vantage.host === 'string') {
    const asn = typeof vantage.asn === 'string' && /^\d+$/.test(vantage.asn) ? Number(vantage.asn) : vantage.asn;
    if (typeof asn === 'number' && Number.isFinite(asn)) meta.vantage = { host: vantage.host, asn };
  }
  return meta;
}

/** The meta of a manifest.json value, for readers that need nothing else (Home's cards). */
export function manifestMetaFromJson(value: unknown): GalaxyMeta | undefined {
  return isRecord(value) ? galaxyMetaFromJson(value.meta) : undefined;
}

/** The names galaxies.json lists, or undefined when it is not `{"galaxies": ["name", ...]}`. */
export function galaxyNamesFromJson(value: unknown): string[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.galaxies)) return undefined;
  const names = value.galaxies;
  return names.every((name): name is string => typeof name === 'string') ? names : undefined;
}

/** docs/rules.md#data-and-loading: a saved version is used only if the manifest lists it, otherwise `last`. */
/** Whether the manifest announces tiles for `version` (its optional "tiles" list, docs/tiles.md). */
export function versionHasTiles(manifest: { tiles?: readonly string[] }, version: string): boolean {
  return manifest.tiles?.includes(version) ?? false;
}

export function chooseVersion(manifest: Manifest, saved: string | undefined): string {
  if (saved && manifest.all.includes(saved)) return saved;
  return manifest.last;
}

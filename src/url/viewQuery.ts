/** docs/rules.md#url: the view state the galaxy route carries in its address query. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export interface Quat {
  x: number;
  y: number;
  z: number;
  w: number;
}

export interface AddressView {
  pos: Vec3;
  lookAt: Quat;
  showLinks: boolean;
  maxVisibleDistance: number;
  scale: number;
  /** Manifest version; undefined stands for the default 0 (docs/rules.md#url) (the manifest's last is used). */
  manifestVersion: string | undefined;
  /** Star names drawn in the scene (URL key n, 1 or 0): shown unless false. */
  showNames?: boolean;
  /** Stars coloured by their constellation (URL key c, 1 or 0); undefined: the default, on. */
  colourByCommunity?: boolean;
}

export const DEFAULT_MAX_VISIBLE_DISTANCE = 150;
export const DEFAULT_SCALE = 1.75;

export function defaultAddressView(): AddressView {
  return {
    pos: { x: 0, y: 0, z: 0 },
    lookAt: { x: 0, y: 0, z: 0, w: 1 },
    showLinks: true,
    maxVisibleDistance: DEFAULT_MAX_VISIBLE_DISTANCE,
    scale: DEFAULT_SCALE,
    manifestVersion: undefined,
    showNames: true,
  };
}

/** Keys this module owns, in the order they are written. */
export const VIEW_QUERY_KEYS = ['cx', 'cy', 'cz', 'lx', 'ly', 'lz', 'lw', 'ml', 's', 'l', 'v'] as const;

/**
 * Star names on (1) or off (0). Not one of the view keys above: it does not make an address a
 * view address (links keep their default), and it is written only when names are off.
 */
export const NAMES_KEY = 'n';

/**
 * Colour by community on (1) or off (0), like `n` not a view key; written only once the visitor
 * has chosen (the `C` key), so an address without it takes the default, on.
 */
export const COLOUR_KEY = 'c';

/** docs/rules.md#url: `c` is 1 or 0; anything else, or none, is the default (undefined). */
export function parseColourKey(value: string | null | undefined): boolean | undefined {
  if (value === '1') return true;
  if (value === '0') return false;
  return undefined;
}

/** The router's history-state key: never part of the view, dropped when the address is rewritten. */
export const HISTORY_KEY = '_k';

/**
 * Limits on what the address may set (README "Hostile input"): float32, which the GPU computes in,
 * ends near 3.4e38, and a camera or scale far beyond any galaxy would only show an empty screen.
 */
export const MAX_CAMERA_COORDINATE = 1e7;
export const MAX_LINK_DISTANCE = 1e7;
/**
 * The scales an address may ask for. Star sizes do not follow the scale, so a galaxy shrunk a
 * hundredfold piles every star in front of the camera and a frame takes seconds: such a scale,
 * zero, a negative one or one beyond MAX_SCALE is an odd value and gets the default.
 */
export const MIN_SCALE = 1e-2;
export const MAX_SCALE = 1e3;

/** docs/rules.md#url: `s` within [MIN_SCALE, MAX_SCALE], otherwise the default. */
export function parseScale(value: string | null | undefined): number {
  const scale = parseNumber(value, DEFAULT_SCALE);
  return scale >= MIN_SCALE && scale <= MAX_SCALE ? scale : DEFAULT_SCALE;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** docs/rules.md#url: numbers parse as floating point; missing or non-numeric values fall back. */
export function parseNumber(value: string | null | undefined, fallback: number): number {
  if (value === null || value === undefined) return fallback;
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

function toParams(query: string | URLSearchParams): URLSearchParams {
  if (query instanceof URLSearchParams) return query;
  return new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
}

/** True when the query carries any view key (an address without them gets the defaults). */
export function hasViewKeys(query: string | URLSearchParams): boolean {
  const params = toParams(query);
  return VIEW_QUERY_KEYS.some((key) => params.has(key));
}

/** True when the query positions the camera (cx..lw); otherwise the renderer's own start view is kept. */
export function hasCameraKeys(query: string | URLSearchParams): boolean {
  const params = toParams(query);
  return ['cx', 'cy', 'cz', 'lx', 'ly', 'lz', 'lw'].some((key) => params.has(key));
}

/**
 * True when the address's camera can be used as it is: camera keys present and every coordinate
 * within ±MAX_CAMERA_COORDINATE. Otherwise the galaxy opens on its whole-galaxy start view.
 */
export function addressPlacesCamera(query: string | URLSearchParams): boolean {
  const params = toParams(query);
  if (!hasCameraKeys(params)) return false;
  return ['cx', 'cy', 'cz'].every((key) => Math.abs(parseNumber(params.get(key), 0)) <= MAX_CAMERA_COORDINATE);
}

/**
 * Reads a view from the query part of the galaxy address (without or with the leading '?').
 * A query without view keys gives the defaults (links shown); otherwise links are shown only when l is 1.
 */
export function parseViewQuery(query: string | URLSearchParams): AddressView {
  const params = toParams(query);
  const defaults = defaultAddressView();
  defaults.showNames = params.get(NAMES_KEY) !== '0';
  const colourByCommunity = parseColourKey(params.get(COLOUR_KEY));
  if (colourByCommunity !== undefined) defaults.colourByCommunity = colourByCommunity;
  if (!hasViewKeys(params)) return defaults;
  const version = params.get('v');
  const coordinate = (key: string) => clamp(parseNumber(params.get(key), 0), -MAX_CAMERA_COORDINATE, MAX_CAMERA_COORDINATE);
  const component = (key: string, fallback: number) => clamp(parseNumber(params.get(key), fallback), -1, 1);
  return {
    pos: { x: coordinate('cx'), y: coordinate('cy'), z: coordinate('cz') },
    lookAt: { x: component('lx', 0), y: component('ly', 0), z: component('lz', 0), w: component('lw', 1) },
    showLinks: params.get('l') === '1',
    maxVisibleDistance: clamp(parseNumber(params.get('ml'), defaults.maxVisibleDistance), 0, MAX_LINK_DISTANCE),
    scale: parseScale(params.get('s')),
    manifestVersion: version && version !== '0' ? version : undefined,
    showNames: defaults.showNames,
    ...(colourByCommunity !== undefined && { colourByCommunity }),
  };
}

/** Rounds to integers without writing '-0' (or NaN: a value that is not finite is written as 0). */
function integer(value: number): string {
  const rounded = Number.isFinite(value) ? Math.round(value) : 0;
  return String(rounded === 0 ? 0 : rounded);
}

function fixed4(value: number, fallback: number): string {
  const text = (Number.isFinite(value) ? value : fallback).toFixed(4);
  return /^-0\.0000$/.test(text) ? '0.0000' : text;
}

/**
 * Writes a view as a query string (no leading '?'): cx cy cz rounded, lx ly lz lw with 4 decimals,
 * then ml, s, l (1 or 0) and v. Keys other than the view's and `_k` in `keep` are carried over after them.
 */
export function writeViewQuery(view: AddressView, keep?: string | URLSearchParams): string {
  const params = new URLSearchParams();
  params.set('cx', integer(view.pos.x));
  params.set('cy', integer(view.pos.y));
  params.set('cz', integer(view.pos.z));
  // A quaternion with any part not finite is no orientation: the identity is written instead.
  const q = view.lookAt;
  const finite = [q.x, q.y, q.z, q.w].every(Number.isFinite);
  params.set('lx', fixed4(finite ? q.x : 0, 0));
  params.set('ly', fixed4(finite ? q.y : 0, 0));
  params.set('lz', fixed4(finite ? q.z : 0, 0));
  params.set('lw', fixed4(finite ? q.w : 1, 1));
  params.set('ml', String(Number.isFinite(view.maxVisibleDistance) ? view.maxVisibleDistance : DEFAULT_MAX_VISIBLE_DISTANCE));
  params.set('s', String(Number.isFinite(view.scale) ? view.scale : DEFAULT_SCALE));
  params.set('l', view.showLinks ? '1' : '0');
  params.set('v', view.manifestVersion ?? '0');
  if (view.showNames === false) params.set(NAMES_KEY, '0');
  if (view.colourByCommunity !== undefined) params.set(COLOUR_KEY, view.colourByCommunity ? '1' : '0');
  if (keep !== undefined) {
    const owned = new Set<string>([...VIEW_QUERY_KEYS, HISTORY_KEY, NAMES_KEY, COLOUR_KEY]);
    for (const [key, value] of toParams(keep)) {
      if (!owned.has(key)) params.append(key, value);
    }
  }
  return params.toString();
}

/** Splits a location hash ('#/galaxy/npm?cx=1') into its route path ('/galaxy/npm') and query ('cx=1'). */
export function splitHash(hash: string): { path: string; query: string } {
  const body = hash.replace(/^#?\/?/, '');
  const mark = body.indexOf('?');
  const path = '/' + (mark < 0 ? body : body.slice(0, mark));
  const query = mark < 0 ? '' : body.slice(mark + 1);
  return { path, query };
}

/**
 * The full address after a view rewrite: the page's own path and query (e.g. ?renderer=webgl2)
 * stay as they are; only the hash's query is replaced.
 */
export function rewriteAddress(href: string, hashPath: string, query: string): string {
  const url = new URL(href);
  url.hash = query ? `${hashPath}?${query}` : hashPath;
  return url.href;
}

/** The galaxy route's path for a name. */
export function galaxyPath(name: string): string {
  return `/galaxy/${encodeURIComponent(name)}`;
}

/** Views compare equal when they would write the same address. */
export function sameViewQuery(a: AddressView, b: AddressView): boolean {
  return writeViewQuery(a) === writeViewQuery(b);
}

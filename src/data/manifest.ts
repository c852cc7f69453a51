/**
 * SPEC section 3/7: manifest.json of a galaxy. `meta` is this project's optional addition;
 * readers of the original format ignore unknown keys.
 */
export interface Manifest {
  last: string;
  all: string[];
  endpoint?: string;
  meta?: GalaxyMeta;
  /** Versions that also have a tiled form in `{version}/tiles/` (docs/tiles.md); older readers ignore it. */
  tiles?: string[];
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

/** SPEC section 5: a saved version is used only if the manifest lists it, otherwise `last`. */
export function chooseVersion(manifest: Manifest, saved: string | undefined): string {
  if (saved && manifest.all.includes(saved)) return saved;
  return manifest.last;
}

import { versionHasTiles, type Manifest } from '../manifest';

/** The data root or endpoint as a folder address. */
function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

export function manifestUrl(dataRoot: string, name: string, timestamp: number): string {
  return new URL(`${encodeURIComponent(name)}/manifest.json?nocache=${timestamp}`, withSlash(dataRoot)).href;
}

/** docs/rules.md#data-and-loading: files come from the manifest's endpoint when it has one, else the data root. */
export function versionFileUrl(dataRoot: string, manifest: Manifest, name: string, version: string, file: string): string {
  const base = manifest.endpoint ? new URL(withSlash(manifest.endpoint), withSlash(dataRoot)).href : withSlash(dataRoot);
  return new URL(`${encodeURIComponent(name)}/${encodeURIComponent(version)}/${file}`, base).href;
}

/** A version with tiles (docs/tiles.md): the viewer streams it instead of downloading the classic files. */
export interface TiledVersionFound {
  manifest: Manifest;
  version: string;
  /** `{endpoint or data root}/{name}/{version}/tiles/`. */
  tilesUrl: string;
}

/** The version's tiles when `tiles` allows them and the manifest announces them for it, else undefined: its classic files. */
export function tiledVersion(dataRoot: string, name: string, manifest: Manifest, version: string, tiles: boolean | undefined): TiledVersionFound | undefined {
  if (!tiles || !versionHasTiles(manifest, version)) return undefined;
  return { manifest, version, tilesUrl: versionFileUrl(dataRoot, manifest, name, version, 'tiles/') };
}

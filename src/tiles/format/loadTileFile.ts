/**
 * Reads one file of the tiles folder by its path relative to that folder (e.g. "stars/12.bin.gz"),
 * rejecting when it cannot be had (404, network): `fetch` in a browser or worker, the file system in Node.
 */
export type LoadTileFile = (path: string, signal?: AbortSignal) => Promise<Uint8Array>;

/**
 * A LoadTileFile over HTTP: `tilesUrl` is `{endpoint or data root}/{name}/{version}/tiles/`, i.e.
 * versionFileUrl(dataRoot, manifest, name, version, 'tiles/'); a status other than 200 rejects
 * with the viewer's usual message.
 */
export function fetchTileFiles(tilesUrl: string): LoadTileFile {
  return async (path, signal) => {
    const url = `${tilesUrl}${path}`;
    const response = await fetch(url, { signal });
    if (response.status !== 200) throw new Error(`Unexpected status code ${response.status} when calling ${url}`);
    return new Uint8Array(await response.arrayBuffer());
  };
}

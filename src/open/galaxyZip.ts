import { gzipSync, strToU8, zipSync, type Zippable } from 'fflate';
import type { Manifest } from '../data/manifest';
import { LabelsScanner } from '../data/wire/labelsScanner';
import { TILES_FOLDER } from '../tiles/format/layout';
import { buildTiles } from '../tiles/write/buildTiles';
import { withCentresOf } from '../communities/communityCentres';
import { COMMUNITIES_BIN, COMMUNITIES_JSON, decodeCommunityStars, parseCommunitiesJson } from '../communities/format';
import type { LocalGalaxyFiles } from './localGalaxies';

/** As `galaxy build` packs tiles (src/tiles/write/writeTiles.ts). */
const TILE_GZIP_LEVEL = 4;

/** The tiled form of the wire files (docs/tiles.md), as a folder for fflate: already gzipped, so stored. */
function tilesFolder(files: LocalGalaxyFiles, communityStars: Uint32Array | undefined): Zippable {
  const folder: Zippable = {};
  buildTiles(
    {
      positions: () => files.positions,
      links: () => files.links,
      labels: (starCount) => {
        const scanner = new LabelsScanner();
        scanner.pushText(files.labels);
        return scanner.finish(starCount);
      },
      communities: () => communityStars,
    },
    (relativePath, data) => {
      const parts = relativePath.split('/');
      const name = parts.pop() as string;
      let at = folder;
      for (const part of parts) at = (at[part] ??= {}) as Zippable;
      at[name] = [data, { level: 0 }];
    },
    { gzip: (bytes) => gzipSync(bytes, { level: TILE_GZIP_LEVEL }) },
  );
  return folder;
}

/**
 * A galaxy folder as a zip: <name>/manifest.json and <name>/<version>/{positions.bin, links.bin,
 * labels.json, tiles/}, the version listed under the manifest's "tiles" key, so that unzipping it
 * into a data root gives what `galaxy serve`, `galaxy inspect` and any static host read. A galaxy
 * whose communities were found also gets communities.bin and communities.json (centres where its
 * stars are now) and the manifest's "communities" key, and its tiles carry them. Binary files are
 * stored, text compressed.
 */
export function galaxyZip(name: string, version: string, files: LocalGalaxyFiles, title?: string): Uint8Array {
  const communityStars = files.communities ? decodeCommunityStars(new Uint8Array(files.communities.stars)) : undefined;
  const manifest: Manifest = {
    last: version,
    all: [version],
    tiles: [version],
    ...(files.communities ? { communities: [version] } : {}),
    ...(title ? { meta: { title } } : {}),
  };
  const communities: Zippable = {};
  if (files.communities && communityStars) {
    const positions = new Int32Array(files.positions, 0, Math.floor(files.positions.byteLength / 4));
    const json = withCentresOf(parseCommunitiesJson(files.communities.json), communityStars, positions);
    communities[COMMUNITIES_BIN] = [new Uint8Array(files.communities.stars), { level: 0 }];
    communities[COMMUNITIES_JSON] = [strToU8(`${JSON.stringify(json)}\n`), { level: 6 }];
  }
  return zipSync({
    [name]: {
      'manifest.json': strToU8(`${JSON.stringify(manifest, null, 2)}\n`),
      [version]: {
        'positions.bin': [new Uint8Array(files.positions), { level: 0 }],
        'links.bin': [new Uint8Array(files.links), { level: 0 }],
        'labels.json': [strToU8(files.labels), { level: 6 }],
        ...communities,
        [TILES_FOLDER]: tilesFolder(files, communityStars),
      },
    },
  });
}

/** Offers bytes as a download named `fileName`. */
export function downloadBytes(bytes: Uint8Array, fileName: string, type = 'application/zip'): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GraphData } from '../../src/data/graph';
import { decodeGalaxy } from '../../src/data/wire/decodeGalaxy';
import { SyntheticGalaxy } from '../../src/tiles/generate/syntheticGalaxy';
import { writeSyntheticGalaxy } from '../../src/tiles/generate/writeSyntheticGalaxy';
import type { FileUnpacker } from '../../src/tiles/format/gzip';
import { ScratchUnpacker } from '../../src/tiles/format/scratchUnpacker';
import { TiledGalaxyReader } from '../../src/tiles/format/tiledGalaxyReader';

const folders: string[] = [];

export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

export function removeTempFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

function buffer(file: string): ArrayBuffer {
  const bytes = readFileSync(file);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** A version folder holding a synthetic galaxy's classic files. */
export function syntheticVersion(stars: number, seed = 3): string {
  const folder = path.join(tempFolder('galaxy-tiles-'), 'v1');
  mkdirSync(folder);
  writeSyntheticGalaxy(new SyntheticGalaxy({ stars, seed, linksPerStar: 2.5 }), folder);
  return folder;
}

/** A version folder with the given whole-number positions, out-lists and names. */
export function handMadeVersion(positions: number[][], outLists: number[][], names: string[]): string {
  const folder = path.join(tempFolder('galaxy-tiles-'), 'v1');
  mkdirSync(folder);
  const values = new Int32Array(positions.flat());
  writeFileSync(path.join(folder, 'positions.bin'), new Uint8Array(values.buffer));
  const links: number[] = [];
  outLists.forEach((targets, source) => {
    if (targets.length === 0) return;
    links.push(-(source + 1), ...targets.map((t) => t + 1));
  });
  writeFileSync(path.join(folder, 'links.bin'), new Uint8Array(new Int32Array(links).buffer));
  writeFileSync(path.join(folder, 'labels.json'), JSON.stringify(names));
  return folder;
}

/** The classic files as the viewer decodes them. */
export function classicData(versionDir: string): GraphData {
  return decodeGalaxy({
    name: 'test',
    version: 'v1',
    positions: buffer(path.join(versionDir, 'positions.bin')),
    links: buffer(path.join(versionDir, 'links.bin')),
    labels: readFileSync(path.join(versionDir, 'labels.json'), 'utf8'),
  });
}

/** A reader of the version's tiles as the tile worker opens it (unpacking into its scratch buffers), or with `unpacker` (the page's is `streamUnpacker`). */
export function openTiles(versionDir: string, unpacker: FileUnpacker = new ScratchUnpacker()): Promise<TiledGalaxyReader> {
  return TiledGalaxyReader.open(async (file) => new Uint8Array(readFileSync(path.join(versionDir, 'tiles', file))), undefined, unpacker);
}

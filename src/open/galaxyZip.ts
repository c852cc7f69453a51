import { zipSync, strToU8 } from 'fflate';
import type { Manifest } from '../data/manifest';
import type { LocalGalaxyFiles } from './localGalaxies';

/**
 * A galaxy folder as a zip: <name>/manifest.json and <name>/<version>/{positions.bin, links.bin,
 * labels.json}, so that unzipping it into a data root gives what `galaxy serve`, `galaxy inspect`
 * and any static host read. Binary files are stored, labels compressed.
 */
export function galaxyZip(name: string, version: string, files: LocalGalaxyFiles, title?: string): Uint8Array {
  const manifest: Manifest = { last: version, all: [version], ...(title ? { meta: { title } } : {}) };
  return zipSync({
    [name]: {
      'manifest.json': strToU8(`${JSON.stringify(manifest, null, 2)}\n`),
      [version]: {
        'positions.bin': [new Uint8Array(files.positions), { level: 0 }],
        'links.bin': [new Uint8Array(files.links), { level: 0 }],
        'labels.json': [strToU8(files.labels), { level: 6 }],
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

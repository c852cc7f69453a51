import path from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { productionBuild, textOf } from './productionBuild';

/** The page's chunks as the production build makes them. */
async function builtChunks(): Promise<Rolldown.OutputChunk[]> {
  return (await productionBuild({ minify: false })).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
}

/** The text of a worker's script (the build emits each worker as a file of its own), by its name's start. */
async function workerScript(name: string): Promise<string | undefined> {
  const file = (await productionBuild({ minify: false })).find((f) => path.basename(f.fileName).startsWith(`${name}-`) && f.fileName.endsWith('.js'));
  return file && textOf(file);
}

describe('the page entry chunk', () => {
  // The entry asks for a galaxy's first files; a static import makes it wait for another chunk among
  // the viewer's preloads before it runs (docs/decisions.md, "The first stars' code is asked for beside the manifest").
  it('imports no other chunk, so it runs as soon as its own file arrives', async () => {
    const chunks = await builtChunks();
    const entry = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith('/src/boot.ts')));
    expect(entry, 'the entry chunk of src/boot.ts').toBeDefined();
    expect(entry?.imports).toEqual([]);
    const viewer = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/main.tsx')));
    expect(viewer?.imports, 'the viewer takes the entry’s shared modules from the entry').toContain(entry?.fileName);
  }, 120_000);

  // On a throttled link each chunk is a request that holds one of the six connections a host is
  // given; a dozen small ones kept the manifest and the root tile waiting (docs/decisions.md,
  // "The first star frame", the 40 Mbit/s waterfall).
  it('loads the code for the first stars as one chunk, which the viewer imports too (one preload serves both)', async () => {
    const chunks = await builtChunks();
    const entry = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith('/src/boot.ts')));
    const viewer = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/main.tsx')));
    const early = entry?.dynamicImports.filter((fileName) => fileName !== viewer?.fileName) ?? [];
    expect(early).toHaveLength(1);
    const firstStars = chunks.find((chunk) => chunk.fileName === early[0]);
    for (const painter of ['/src/boot/paintFirstStarsWebGL2.ts', '/src/boot/paintFirstStarsWebGPU.ts', '/src/boot/rootTileStars.ts', '/src/tiles/stream/readRootTile.ts']) {
      expect(firstStars?.moduleIds.some((id) => id.endsWith(painter)), painter).toBe(true);
    }
    expect(viewer?.imports).toContain(firstStars?.fileName);
  }, 120_000);
});

describe('the tile worker\'s script', () => {
  // The page starts the tile worker beside its first requests; what the worker's first script takes
  // shares the link with the root tile, so its code (tileWorkerMain.ts) and pako's inflate are chunks
  // of their own, fetched once the worker is handed the first files (src/tiles/stream/tile.worker.ts).
  it('that starts the worker holds neither the tile reader nor pako\'s inflate, which come in chunks of their own', async () => {
    const worker = await workerScript('tile.worker');
    expect(worker, 'the tile worker\'s script').toBeDefined();
    expect(worker).not.toMatch(/node_modules\/pako\//);
    expect(worker).not.toMatch(/tiledGalaxyReader/);
    expect(await workerScript('tileWorkerMain')).toMatch(/tiledGalaxyReader/);
    expect(await workerScript('scratchUnpacker')).toMatch(/node_modules\/pako\//);
  }, 120_000);
});

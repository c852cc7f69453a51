import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SingleBar } from 'cli-progress';
import { buildGalaxy, type BuildOptions } from '../src/cli/build/buildGalaxy';

/** The repository's data folder: the viewer's default data root, where the built-in galaxies live. */
export const builtInDataRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../data');

/**
 * Rebuilds one built-in galaxy from scratch (the repository keeps a single version of each, so the
 * old folder goes first), with a progress bar on stderr.
 */
export async function rebuildBuiltIn(options: Omit<BuildOptions, 'out' | 'onIteration'>): Promise<void> {
  rmSync(path.join(builtInDataRoot, options.name), { recursive: true, force: true });
  const bar = new SingleBar({
    format: `${options.name} layout [{bar}] {percentage}% | about {eta_formatted} left`,
    stream: process.stderr,
    etaBuffer: 30,
  });
  let started = false;
  const result = await buildGalaxy({
    ...options,
    out: builtInDataRoot,
    onImported: (graph) => {
      process.stderr.write(`${options.name}: ${graph.labels.length} nodes, ${graph.sources.length} links\n`);
      for (const note of graph.stats.notes) process.stderr.write(`  ${note}\n`);
    },
    onIteration: (done, total) => {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
  });
  if (started) bar.stop();
  // The dev and preview servers list the galaxies of every data folder (data/ and GALAXY_DATA_DIR)
  // when no galaxies.json is found; a committed one in data/ would hide the other folders' galaxies.
  rmSync(path.join(builtInDataRoot, 'galaxies.json'), { force: true });
  process.stdout.write(`wrote ${result.folder}\n`);
}

import { InvalidArgumentError, type Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseManifest } from '../../data/fetch/parseManifest';
import { chooseVersion } from '../../data/manifest';
import { tileGalaxyVersion } from '../../tiles/write/tileGalaxyVersion';
import { DEFAULT_TILE_CAPACITY } from '../../tiles/write/writeTiles';
import { printable } from '../terminalText';
import { formatTileResult } from './formatTileResult';

function capacity(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 16 || parsed > 1 << 20) throw new InvalidArgumentError('expected a whole number from 16 to 1048576');
  return parsed;
}

export function registerTileCommand(program: Command): void {
  program
    .command('tile')
    .description('Add the tiled form (docs/tiles.md) to a galaxy version, so the viewer can stream it')
    .argument('<folder>', 'a galaxy folder (with manifest.json)')
    .option('--version <version>', 'version to tile (default: the manifest\'s "last")')
    .option('--all-versions', 'tile every version the manifest lists')
    .option('--capacity <stars>', `most stars per tile (default ${DEFAULT_TILE_CAPACITY})`, capacity)
    .option('--no-compress', 'write the files without gzip')
    .addHelpText('after', '\nExamples:\n  galaxy tile data/npm\n  galaxy tile data/npm --version 2015-09-21T01-00-00Z')
    .action((folder: string, flags: { version?: string; allVersions?: boolean; capacity?: number; compress: boolean }) => {
      try {
        const manifestFile = path.join(folder, 'manifest.json');
        if (!existsSync(manifestFile)) throw new Error(`${folder} holds no manifest.json: not a galaxy folder`);
        const manifest = parseManifest(readFileSync(manifestFile, 'utf8'), manifestFile);
        if (flags.version && !manifest.all.includes(flags.version)) {
          throw new Error(`version ${flags.version} is not in ${manifestFile} (it lists ${manifest.all.join(', ')})`);
        }
        const versions = flags.allVersions ? manifest.all : [chooseVersion(manifest, flags.version)];
        for (const version of versions) {
          const started = performance.now();
          const result = tileGalaxyVersion(folder, version, {
            capacity: flags.capacity,
            compression: flags.compress ? 'gzip' : 'none',
            onPhase: (phase) => process.stderr.write(`${version}: ${((performance.now() - started) / 1000).toFixed(1)} s ${phase}\n`),
          });
          process.stdout.write(formatTileResult(result, performance.now() - started));
        }
      } catch (error) {
        process.stderr.write(`galaxy tile: ${printable(error instanceof Error ? error.message : String(error))}\n`);
        process.exitCode = 1;
      }
    });
}

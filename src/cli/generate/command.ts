import { InvalidArgumentError, type Command } from 'commander';
import path from 'node:path';
import { publishGalaxyVersion, timestampVersion } from '../../publish/galaxyFolder';
import { SyntheticGalaxy } from '../../tiles/generate/syntheticGalaxy';
import { writeSyntheticGalaxy } from '../../tiles/generate/writeSyntheticGalaxy';
import { tileGalaxyVersion } from '../../tiles/write/tileGalaxyVersion';
import { formatTileResult } from '../tile/formatTileResult';
import { addCommunities } from '../../communities/writeCommunities';

function starCount(value: string): number {
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 100_000_000) throw new InvalidArgumentError('expected a whole number from 1 to 100000000');
  return parsed;
}

function nonNegative(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 100) throw new InvalidArgumentError('expected a number from 0 to 100');
  return parsed;
}

function integer(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new InvalidArgumentError('expected a whole number');
  return parsed;
}

interface GenerateFlags {
  stars: number;
  name: string;
  out: string;
  seed: number;
  linksPerStar: number;
  versionName?: string;
  tiles: boolean;
  communities: boolean;
}

export function registerGenerateCommand(program: Command): void {
  program
    .command('generate')
    .description('Write a synthetic galaxy (clustered spiral arms, power-law degrees) for tests and benchmarks')
    .requiredOption('--stars <n>', 'number of stars', starCount)
    .requiredOption('--name <name>', 'galaxy name (folder under the data root)')
    .requiredOption('--out <root>', 'data root folder')
    .option('--seed <n>', 'the same seed gives the same galaxy', integer, 1)
    .option('--links-per-star <n>', 'mean out-degree', nonNegative, 2.5)
    .option('--version-name <version>', 'version folder name (default: the current UTC time)')
    .option('--no-tiles', 'write only the classic files, not the tiled form')
    .option('--no-communities', 'do not find the communities (docs/communities.md)')
    .addHelpText('after', '\nExample:\n  galaxy generate --stars 1000000 --name synthetic-1m --out /tmp/galaxies --seed 7')
    .action(async (flags: GenerateFlags) => {
      try {
        const version = flags.versionName ?? timestampVersion();
        let started = performance.now();
        const galaxy = new SyntheticGalaxy({ stars: flags.stars, seed: flags.seed, linksPerStar: flags.linksPerStar });
        let links = 0;
        const manifest = await publishGalaxyVersion(
          flags.out,
          flags.name,
          version,
          (folder) => {
            links = writeSyntheticGalaxy(galaxy, folder).links;
          },
          { title: `Synthetic galaxy of ${flags.stars.toLocaleString('en-US')} stars`, description: `seed ${flags.seed}`, kind: 'synthetic' },
        );
        const galaxyDir = path.join(flags.out, flags.name);
        process.stdout.write(
          `wrote ${path.join(galaxyDir, version)} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
            `${flags.stars.toLocaleString('en-US')} stars, ${links.toLocaleString('en-US')} links; manifest last ${manifest.last}\n`,
        );
        if (flags.communities) {
          // Before the tiles, so that they carry each star's community (docs/tiles.md).
          started = performance.now();
          const { levels } = addCommunities(galaxyDir, version, manifest, flags.seed);
          process.stdout.write(
            `found communities in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
              `${levels.map((level) => level.count.toLocaleString('en-US')).join(', ')} by level, modularity ${levels[0].modularity.toFixed(4)}\n`,
          );
        }
        if (flags.tiles) {
          started = performance.now();
          const result = tileGalaxyVersion(galaxyDir, version);
          process.stdout.write(formatTileResult(result, performance.now() - started));
        }
      } catch (error) {
        process.stderr.write(`galaxy generate: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      }
    });
}

import { InvalidArgumentError, type Command } from 'commander';
import path from 'node:path';
import { addCommunities } from '../../communities/writeCommunities';
import { DEFAULT_COMMUNITY_SEED } from '../../communities/leiden';
import { chooseVersion } from '../../data/manifest';
import { checkName, readManifest } from '../../publish/galaxyFolder';
import { printableLines } from '../terminalText';
import { existsSync } from 'node:fs';
import { TILE_INDEX_FILE, TILES_FOLDER } from '../../tiles/format/layout';
import { addTileCommunities } from '../../tiles/write/addTileCommunities';
import { readCommunityStars } from '../../tiles/write/writeTiles';

function integer(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new InvalidArgumentError('expected a whole number');
  return parsed;
}

/** `galaxy communities <folder>`: the work of the command, throwing an Error whose message is the reason. */
export async function runCommunities(folder: string, flags: { version?: string; seed?: number }, log: (line: string) => void): Promise<void> {
  if (flags.version !== undefined) checkName('version', flags.version);
  const galaxyDir = path.resolve(folder);
  const manifest = readManifest(path.dirname(galaxyDir), path.basename(galaxyDir));
  if (!manifest) throw new Error(`${folder} holds no manifest.json: not a galaxy folder`);
  if (flags.version && !manifest.all.includes(flags.version)) {
    throw new Error(`version ${flags.version} is not in ${path.join(folder, 'manifest.json')} (it lists ${manifest.all.join(', ')})`);
  }
  const version = chooseVersion(manifest, flags.version);
  // A manifest's own version names become paths too.
  checkName('version', version);
  const started = performance.now();
  const result = addCommunities(galaxyDir, version, manifest, flags.seed ?? DEFAULT_COMMUNITY_SEED);
  log(`wrote communities.bin and communities.json in ${path.join(folder, version)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  result.levels.forEach((level, l) => log(`level ${l}: ${level.count.toLocaleString('en-US')} communities, modularity ${level.modularity.toFixed(4)}`));
  const versionDir = path.join(galaxyDir, version);
  if (existsSync(path.join(versionDir, TILES_FOLDER, TILE_INDEX_FILE))) {
    // A tiled version carries each star's community in its tiles too (docs/tiles.md), written beside them.
    const stars = readCommunityStars(versionDir);
    if (!stars) throw new Error(`${versionDir} lost its communities.bin while they were written`);
    const tiles = await addTileCommunities(versionDir, stars);
    log(`wrote the communities of ${tiles.tiles.toLocaleString('en-US')} tiles (${(tiles.bytes / 1024).toFixed(1)} KB) in ${path.join(folder, version, TILES_FOLDER)}`);
  }
}

export function registerCommunitiesCommand(program: Command): void {
  program
    .command('communities')
    .description('Find the communities (constellations) of a galaxy version and add them beside its files (docs/communities.md)')
    .argument('<folder>', 'a galaxy folder (with manifest.json)')
    .option('--version <version>', 'version to use (default: the manifest\'s "last")')
    .option('--seed <n>', 'the same seed gives the same communities', integer)
    .addHelpText('after', '\nExamples:\n  galaxy communities data/npm\n  galaxy communities data/npm --version 2015-09-21T01-00-00Z')
    .action(async (folder: string, flags: { version?: string; seed?: number }) => {
      try {
        await runCommunities(folder, flags, (line) => process.stdout.write(printableLines([line])));
      } catch (error) {
        process.stderr.write(printableLines([`galaxy communities: ${error instanceof Error ? error.message : String(error)}`]));
        process.exitCode = 1;
      }
    });
}

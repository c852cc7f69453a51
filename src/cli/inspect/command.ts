import type { Command } from 'commander';
import { GalaxyLoadError } from '../../data/loadTypes';
import { GalaxyDataError } from '../../data/wire/labels';
import { printableJson, printableLines } from '../terminalText';
import { InspectError, inspectGalaxyAndTiles, type InspectReport } from './inspectGalaxy';

export function registerInspectCommand(program: Command): void {
  program
    .command('inspect')
    .description('Validate a galaxy folder (or one version folder) and print what it holds')
    .argument('<folder>', 'a galaxy folder (with manifest.json) or a version folder (with positions.bin)')
    .option('--version-name <version>', 'version to inspect instead of the manifest\'s "last"')
    .option('--json', 'print a machine-readable JSON report')
    .addHelpText('after', '\nExamples:\n  galaxy inspect ../shared/galaxies/npm\n  galaxy inspect data/debian/2026-11-22 --json')
    .action(async (folder: string, options: { json?: boolean; versionName?: string }) => {
      let report: InspectReport;
      try {
        report = await inspectGalaxyAndTiles(folder, options.versionName);
      } catch (error) {
        const known = error instanceof InspectError || error instanceof GalaxyDataError || error instanceof GalaxyLoadError;
        const reason = error instanceof Error ? error.message : String(error);
        if (options.json) process.stdout.write(`${printableJson({ valid: false, error: reason })}\n`);
        else process.stderr.write(printableLines([`galaxy inspect: ${known ? reason : `unexpected failure: ${reason}`}`]));
        process.exitCode = 1;
        return;
      }
      const valid = (!report.tiles || report.tiles.problems.length === 0) && (!report.communities || report.communities.problems.length === 0);
      if (options.json) process.stdout.write(`${printableJson({ valid: valid, ...report }, 2)}\n`);
      else process.stdout.write(formatReport(report));
      if (!valid) process.exitCode = 1;
    });
}

export function formatReport(report: InspectReport): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const lines = [
    `name:          ${report.name}`,
    `version:       ${report.version}`,
    `nodes:         ${n(report.nodes)}`,
    `edges:         ${n(report.edges)}`,
    `bounds:        x ${report.bounds.min[0]} .. ${report.bounds.max[0]}, y ${report.bounds.min[1]} .. ${report.bounds.max[1]}, z ${report.bounds.min[2]} .. ${report.bounds.max[2]}`,
    `max in-degree: ${n(report.maxInDegree.degree)} (${report.maxInDegree.node})`,
    `max out-degree: ${n(report.maxOutDegree.degree)} (${report.maxOutDegree.node})`,
    `warnings:      ${report.warnings.length === 0 ? 'none' : report.warnings.length}`,
    ...report.warnings.map((warning) => `  - ${warning}`),
    ...(report.tiles ? formatTiles(report.tiles) : []),
    ...(report.communities ? formatCommunities(report.communities) : []),
  ];
  return printableLines(lines);
}

function formatTiles(tiles: NonNullable<InspectReport['tiles']>): string[] {
  return [
    `tiles:         ${tiles.tiles} in ${tiles.levels} levels, ${tiles.adjacencyShards} adjacency and ${tiles.labelShards} label shards`,
    `tile error:    positions within ${tiles.maxPositionError} of positions.bin`,
    `tile communities: ${tiles.communities ? 'in every tile' : 'none'}`,
    `tile problems: ${tiles.problems.length === 0 ? 'none' : tiles.problems.length}`,
    ...tiles.problems.map((problem) => `  - ${problem}`),
  ];
}

function formatCommunities(communities: NonNullable<InspectReport['communities']>): string[] {
  return [
    ...communities.levels.map(
      (level, l) => `communities:   level ${l}: ${level.count.toLocaleString('en-US')}, modularity ${level.modularity.toFixed(4)}`,
    ),
    `community problems: ${communities.problems.length === 0 ? 'none' : communities.problems.length}`,
    ...communities.problems.map((problem) => `  - ${problem}`),
  ];
}

import { InvalidArgumentError, type Command } from 'commander';
import { SingleBar } from 'cli-progress';
import type { GalaxyMeta } from '../../data/manifest';
import { DEFAULT_MAX_INPUT_BYTES } from '../../importers/readInput';
import { checkName } from '../../publish/galaxyFolder';
import { printableLines } from '../terminalText';

const EXAMPLES = `
Formats (picked from the file name or contents; --format overrides):
  edgelist      CSV/TSV/space-separated "source,target" lines, header optional, names or numbers
                  galaxy build follows.csv --name follows --out data
  dot           Graphviz DOT
                  galaxy build deps.dot --name deps --out data
  graphml       GraphML (labels from a "label"/"name" key)
                  galaxy build network.graphml --name network --out data
  gexf          GEXF (Gephi)
                  galaxy build network.gexf --name network --out data
  json          node-link JSON: d3 {nodes, links}, networkx, ngraph.tojson
                  galaxy build miserables.json --name miserables --out data
  package-lock  an npm package-lock.json: the project's dependency graph
                  galaxy build package-lock.json --name my-app --out data --kind npm
  debian        Debian Packages file or apt-cache dumpavail output (Depends, Pre-Depends)
                  apt-cache dumpavail > Packages && galaxy build Packages --name debian --out data
  bgp           BGP AS paths, one per line, plain or bgpdump -m output
                  bgpdump -m rib.bz2 > paths.txt && galaxy build paths.txt --format bgp --name internet --out data \\
                    --kind internet --vantage-host route-views.routeviews.org --vantage-asn 6447
  graph-tool    graph-tool's binary .gt (or .gt.gz)
                  galaxy build as-22july06.gt.gz --name internet --out data --label-prefix AS

Each build writes <out>/<name>/<version>/{positions.bin,links.bin,labels.json} (with communities.bin,
communities.json and tiles/ unless turned off), appends the version
to <out>/<name>/manifest.json and lists the galaxy in <out>/galaxies.json.`;

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return parsed;
}

function integer(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new InvalidArgumentError('expected a whole number');
  return parsed;
}

interface BuildFlags {
  name: string;
  out: string;
  format?: string;
  versionName?: string;
  seed?: number;
  iterations?: number;
  threads?: number;
  title?: string;
  description?: string;
  kind?: string;
  vantageHost?: string;
  vantageAsn?: number;
  labelPrefix?: string;
  maxInputMb: number;
  tiles: boolean;
  communities: boolean;
  gpu?: boolean;
  gpuAllowSoftware?: boolean;
  progress: boolean;
}

function metaFrom(flags: BuildFlags): GalaxyMeta | undefined {
  const meta: GalaxyMeta = {};
  if (flags.title) meta.title = flags.title;
  if (flags.description) meta.description = flags.description;
  if (flags.kind) meta.kind = flags.kind;
  if (flags.vantageHost || flags.vantageAsn !== undefined) {
    if (!flags.vantageHost || flags.vantageAsn === undefined) {
      throw new InvalidArgumentError('--vantage-host and --vantage-asn go together');
    }
    meta.vantage = { host: flags.vantageHost, asn: flags.vantageAsn };
  }
  return Object.keys(meta).length > 0 ? meta : undefined;
}

export function registerBuildCommand(program: Command): void {
  program
    .command('build')
    .description('Import a graph, lay it out in 3D and publish it as a galaxy version in a data root')
    .argument('<input>', 'graph file (.gz accepted)')
    .requiredOption('--name <name>', 'galaxy name (folder under the data root)')
    .requiredOption('--out <root>', 'data root folder the viewer serves')
    .option('--format <format>', 'input format, see below (default: detected)')
    .option('--version-name <version>', 'version folder name (default: the current UTC time)')
    .option('--seed <n>', 'layout seed: the same seed gives the same layout', integer)
    .option('--iterations <n>', 'layout iterations', positiveInteger)
    .option('--threads <n>', 'worker threads for the layout (default: every core)', positiveInteger)
    .option('--title <text>', 'title shown on the Home card')
    .option('--description <text>', 'description shown on the Home card')
    .option('--kind <kind>', 'kind of graph for labels and links (npm, debian, internet, ...)')
    .option('--vantage-host <host>', 'internet galaxy: host the routing tables were seen from')
    .option('--vantage-asn <asn>', 'internet galaxy: AS number of that host', integer)
    .option('--label-prefix <prefix>', 'text put before every node name (e.g. AS)')
    .option('--max-input-mb <n>', 'most megabytes read from the input, once unzipped', positiveInteger, DEFAULT_MAX_INPUT_BYTES / 2 ** 20)
    .option('--no-tiles', 'write only the classic files, not the tiled form (docs/tiles.md)')
    .option('--no-communities', 'do not find the communities (docs/communities.md)')
    .option('--gpu', 'lay out on the GPU (WebGPU through Dawn); the CPU layout when no GPU adapter is found, see README')
    .option('--gpu-allow-software', 'with --gpu: use a software adapter (SwiftShader) too, slower than the CPU layout')
    .option('--no-progress', 'no progress bar')
    .addHelpText('after', EXAMPLES)
    .action(async (input: string, flags: BuildFlags) => {
      const bar = new SingleBar({
        format: 'layout [{bar}] {percentage}% | {duration_formatted} elapsed, about {eta_formatted} left',
        etaBuffer: 30,
        stream: process.stderr,
        noTTYOutput: false,
      });
      let barStarted = false;
      try {
        // Before anything is read or laid out.
        checkName('galaxy', flags.name);
        if (flags.versionName !== undefined) checkName('version', flags.versionName);
        // Loaded here, not at start: the importers and the layout are half a second that other commands would pay.
        const [{ buildGalaxy }, { parseFormat }] = await Promise.all([import('./buildGalaxy'), import('../../importers')]);
        const result = await buildGalaxy({
          input,
          name: flags.name,
          out: flags.out,
          format: flags.format === undefined ? undefined : parseFormat(flags.format),
          version: flags.versionName,
          seed: flags.seed,
          iterations: flags.iterations,
          threads: flags.threads,
          meta: metaFrom(flags),
          labelPrefix: flags.labelPrefix,
          maxInputBytes: flags.maxInputMb * 2 ** 20,
          tiles: flags.tiles,
          communities: flags.communities,
          gpu: flags.gpu,
          gpuAllowSoftware: flags.gpuAllowSoftware,
          log: (line) => process.stderr.write(`${line}\n`),
          onImported: (graph) => {
            process.stderr.write(
              `imported ${graph.format}: ${graph.labels.length.toLocaleString('en-US')} nodes, ` +
                `${graph.sources.length.toLocaleString('en-US')} edges\n`,
            );
          },
          onIteration: (done, total) => {
            if (!flags.progress) return;
            if (!barStarted) {
              bar.start(total, 0);
              barStarted = true;
            }
            bar.update(done);
          },
        });
        if (barStarted) bar.stop();
        const { stats } = result.graph;
        const lines = [
          `wrote ${result.folder}`,
          `nodes ${result.graph.labels.length}, edges ${result.graph.sources.length}`,
          `duplicate edges dropped: ${stats.duplicateEdges}, self-loops dropped: ${stats.selfLoops}`,
          ...stats.notes,
          `manifest: last ${result.manifest.last}, ${result.manifest.all.length} version(s)`,
        ];
        process.stdout.write(printableLines(lines));
      } catch (error) {
        if (barStarted) bar.stop();
        process.stderr.write(printableLines([`galaxy build: ${error instanceof Error ? error.message : String(error)}`]));
        process.exitCode = 1;
      }
    });
}

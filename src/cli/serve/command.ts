import { statSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { printable } from '../terminalText';
import { ensureViewerBuilt, galaxiesIn, refusedGalaxies, shareableUrls, startServer } from './serveGalaxies';

function port(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new InvalidArgumentError('expected a port number');
  return parsed;
}

/** Why `dataRoot` cannot be served, or undefined when it is a readable folder. */
export function dataRootProblem(dataRoot: string): string | undefined {
  try {
    if (!statSync(dataRoot).isDirectory()) return `${dataRoot} is not a folder: give the folder of galaxies (as written by galaxy build --out)`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return `${dataRoot} does not exist: give the folder of galaxies (as written by galaxy build --out)`;
    return `cannot read ${dataRoot} (${code ?? String(error)})`;
  }
  return undefined;
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Serve the viewer with a data root of galaxies, e.g. to share them on a local network')
    .argument('<data root>', 'folder of galaxies (as written by galaxy build --out)')
    .option('--port <n>', 'port to listen on', port, 8080)
    .option('--host <host>', 'address to listen on (0.0.0.0: every interface, for the local network)', '0.0.0.0')
    .addHelpText('after', '\nExamples:\n  galaxy serve data\n  galaxy serve ~/galaxies --port 3000 --host 127.0.0.1')
    .action(async (dataRoot: string, flags: { port: number; host: string }) => {
      const problem = dataRootProblem(dataRoot);
      if (problem) {
        process.stderr.write(`galaxy serve: ${printable(problem)}\n`);
        process.exitCode = 1;
        return;
      }
      try {
        await ensureViewerBuilt((line) => process.stderr.write(`${line}\n`));
        const server = await startServer({ dataRoot, port: flags.port, host: flags.host });
        const address = server.address();
        const actualPort = typeof address === 'object' && address ? address.port : flags.port;
        const refused = refusedGalaxies(dataRoot);
        for (const { name, reason } of refused) process.stderr.write(`galaxy serve: not serving ${printable(name)}: ${printable(reason)}\n`);
        const galaxies = galaxiesIn(dataRoot).filter((name) => !refused.some((galaxy) => galaxy.name === name));
        process.stdout.write(
          printable(`serving ${galaxies.length} galaxies (${galaxies.join(', ') || 'none yet'}) from ${dataRoot}`) + '\n' +
            shareableUrls(flags.host, actualPort).map((url) => `  ${url}\n`).join(''),
        );
      } catch (error) {
        process.stderr.write(`galaxy serve: ${printable(error instanceof Error ? error.message : String(error))}\n`);
        // Exit even if something (a half-started server, a build worker) would keep the process alive.
        process.exit(1);
      }
    });
}

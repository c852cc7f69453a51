import { InvalidArgumentError, type Command } from 'commander';

function frameCount(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 120) throw new InvalidArgumentError('expected 1 to 120 frames');
  return parsed;
}

export function registerThumbnailCommand(program: Command): void {
  program
    .command('thumbnail')
    .description('Render the Home card images of a galaxy (thumbnail_first.png, thumbnail_150.gif) in headless Chromium')
    .argument('<name>', 'galaxy name')
    .option('--data <root>', 'data root holding the galaxy', 'data')
    .option('--frames <n>', 'frames of the animated fly-around', frameCount, 24)
    .addHelpText('after', '\nExamples:\n  galaxy thumbnail internet\n  galaxy thumbnail my-graph --data ~/galaxies --frames 36')
    .action(async (name: string, flags: { data: string; frames: number }) => {
      try {
        // Loaded here: Playwright alone takes over a second to import, which every other command would pay.
        const { renderThumbnails } = await import('./renderThumbnails');
        const written = await renderThumbnails({
          dataRoot: flags.data,
          name,
          frames: flags.frames,
          log: (line) => process.stderr.write(`${line}\n`),
        });
        process.stdout.write(`wrote ${written.still}\nwrote ${written.animated}\n`);
      } catch (error) {
        process.stderr.write(`galaxy thumbnail: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      }
    });
}

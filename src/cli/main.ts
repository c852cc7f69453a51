import { Command } from 'commander';
import { registerBuildCommand } from './build/command';
import { registerInspectCommand } from './inspect/command';
import { registerServeCommand } from './serve/command';
import { registerThumbnailCommand } from './thumbnail/command';
import { registerGenerateCommand } from './generate/command';
import { registerTileCommand } from './tile/command';
import { registerCommunitiesCommand } from './communities/command';

const program = new Command('galaxy')
  .description('Turn a graph into a galaxy for the Galaxy viewer, inspect one, or serve a folder of galaxies.')
  .showHelpAfterError();

registerBuildCommand(program);
registerInspectCommand(program);
registerServeCommand(program);
registerThumbnailCommand(program);
registerGenerateCommand(program);
registerTileCommand(program);
registerCommunitiesCommand(program);

await program.parseAsync(process.argv);

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The page's chunks as the production build makes them, written nowhere. */
async function builtChunks(): Promise<Rolldown.OutputChunk[]> {
  const output = await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent', build: { write: false, minify: false } });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk'));
}

describe('the page entry chunk', () => {
  // The entry asks for a galaxy's first files; a static import makes it wait for another chunk among
  // the viewer's preloads before it runs (docs/decisions.md, "The first stars' code is asked for beside the manifest").
  it('imports no other chunk, so it runs as soon as its own file arrives', async () => {
    const chunks = await builtChunks();
    const entry = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith('/src/boot.ts')));
    expect(entry, 'the entry chunk of src/boot.ts').toBeDefined();
    expect(entry?.imports).toEqual([]);
    const viewer = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith('/src/main.tsx'));
    expect(viewer?.imports, 'the viewer takes the entry’s shared modules from the entry').toContain(entry?.fileName);
  }, 120_000);
});

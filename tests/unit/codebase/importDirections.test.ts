import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, importsOf, repoRoot as root, resolved } from '../../support/sourceImports';

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const sources = filesUnder('src');

/** Dev dependencies the CLI may reach for, each with why. */
const DEV_DEPENDENCY_EXCEPTIONS = new Set([
  // Loaded only to build the viewer in a checkout that has no build yet (an installed package ships dist/).
  'src/cli/serve/serveGalaxies.ts -> vite',
  // `galaxy build --gpu` builds its layout page with Vite, loaded only when --gpu is given.
  'src/layout/gpu/chromium/gpuLayoutServer.ts -> vite',
]);

/**
 * What the renderer may build on: itself, plain geometry, and the star-name quads and shading it
 * draws (src/labels). The scene, state, controls, panels and routes sit above it.
 */
const RENDERER_AND_BELOW = ['src/renderer/', 'src/geometry/', 'src/labels/'];

describe('imports run one way', () => {
  it('nothing in src/ imports from tests/ or scripts/', () => {
    const wrong = sources.flatMap((file) =>
      importsOf(file)
        .filter((s) => s.startsWith('.') && /^(tests|scripts)\//.test(resolved(file, s)))
        .map((s) => `${file} -> ${s}`),
    );
    expect(wrong).toEqual([]);
  });

  it('only the CLI imports from src/cli/', () => {
    const wrong = sources
      .filter((file) => !file.startsWith('src/cli/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((s) => s.startsWith('.') && resolved(file, s).startsWith('src/cli/'))
          .map((s) => `${file} -> ${s}`),
      );
    expect(wrong).toEqual([]);
  });

  it('code that runs in the CLI uses no dev dependency (an install without them keeps every command)', () => {
    const cliSide = sources.filter((file) => /^src\/(cli|server|publish|importers|layout|browser)\//.test(file));
    const wrong = cliSide.flatMap((file) =>
      importsOf(file)
        .filter((s) => !s.startsWith('.') && !s.startsWith('node:'))
        .filter((s) => !(packageName(s) in pkg.dependencies))
        .map((s) => `${file} -> ${s}`)
        .filter((line) => !DEV_DEPENDENCY_EXCEPTIONS.has(line)),
    );
    expect(wrong).toEqual([]);
  });

  it('the renderer depends on nothing above it: what it imports, directly or not, stays below the scene', () => {
    const wrong: string[] = [];
    const seen = new Set<string>();
    const pending = sources.filter((file) => file.startsWith('src/renderer/'));
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        const target = resolved(file, specifier.replace(/\?raw$/, ''));
        if (target.startsWith('shaders/')) continue;
        if (!RENDERER_AND_BELOW.some((folder) => target.startsWith(folder))) wrong.push(`${file} -> ${specifier}`);
        const source = sources.find((candidate) => candidate.replace(/\.tsx?$/, '') === target || candidate === target);
        if (source) pending.push(source);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the layout reads no environment variable: its knobs are options', () => {
    const wrong = sources.filter((file) => file.startsWith('src/layout/') && /process\.env/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(wrong).toEqual([]);
  });
});

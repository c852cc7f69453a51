import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, repoRoot } from '../../support/sourceImports';

const sources = filesUnder('src');
const texts = new Map<string, string>();
function textOf(file: string): string {
  if (!texts.has(file)) texts.set(file, readFileSync(path.join(repoRoot, file), 'utf8'));
  return texts.get(file)!;
}

/** Where the present is described; docs/decisions.md is left out, since it tells what was tried and replaced. */
const DESCRIBING_NOW = [
  ...sources,
  ...filesUnder('shaders', /\.(wgsl|vert|frag)$/),
  ...filesUnder('docs', /\.md$/).filter((file) => file !== 'docs/decisions.md'),
  'README.md',
];

describe('nothing names what is gone, and nothing is kept that nobody reads', () => {
  it('every shader file named in src/, shaders/ and the docs exists in shaders/', () => {
    const missing = DESCRIBING_NOW.flatMap((file) =>
      [...textOf(file).matchAll(/\b[A-Za-z0-9_]+\.(?:wgsl|vert|frag)\b/g)]
        .filter(([name]) => !existsSync(path.join(repoRoot, 'shaders', name)))
        .map(([name]) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('every atom exported from src/ is read by another file of src/', () => {
    const unread = sources.flatMap((file) =>
      [...textOf(file).matchAll(/export const (\w+Atom)\b/g)]
        .map(([, atom]) => atom)
        .filter((atom) => !sources.some((other) => other !== file && new RegExp(`\\b${atom}\\b`).test(textOf(other))))
        .map((atom) => `${file}: ${atom}`),
    );
    expect(unread).toEqual([]);
  });
});

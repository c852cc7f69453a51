import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingsOf, slug } from '../../support/markdownHeadings';

const root = path.resolve(import.meta.dirname, '../../..');
const FOLDERS = ['src', 'shaders', 'tests', 'stories', 'scripts'];

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir))) {
    const rel = path.posix.join(dir, entry);
    if (statSync(path.join(root, rel)).isDirectory()) {
      if (entry !== 'fixtures') out.push(...filesUnder(rel));
    } else if (/\.(ts|tsx|js|mjs|wgsl|vert|frag|css)$/.test(entry)) out.push(rel);
  }
  return out;
}

const anchors = new Set(headingsOf(readFileSync(path.join(root, 'docs/rules.md'), 'utf8')).map(slug));
const files = FOLDERS.flatMap(filesUnder);
/** Spelled in pieces so that this file does not match itself (nor the rewrite script's patterns). */
const WORD = ['S', 'P', 'E', 'C'].join('');
const OUTSIDE = new RegExp(`\\b${WORD}\\b|${WORD}\\.md|DESIGN\\.md|\\b${WORD.toLowerCase()}'s\\b`);

describe('the code explains itself with documents in the repository', () => {
  it('cites no document outside the checkout (run /tmp/replace-spec-refs.mjs, or point to docs/rules.md)', () => {
    const outside = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(outside).toEqual([]);
  });

  it('every heading of docs/rules.md a comment points to exists', () => {
    const broken = files.flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/docs\/rules\.md#([a-z0-9-]+)/g)]
        .filter((match) => !anchors.has(match[1]))
        .map((match) => `${file}: #${match[1]}`),
    );
    expect(broken).toEqual([]);
  });
});

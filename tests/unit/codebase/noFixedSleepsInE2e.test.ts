import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * End-to-end tests wait on something the page does (a state, a counter of frames or of measured
 * frames, an event), never for a span of time: a fixed sleep means less on a loaded machine and
 * wastes time on an idle one. `page.waitForTimeout` must not come back into tests/e2e.
 */
const root = path.resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir))) {
    const rel = path.posix.join(dir, entry);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...filesUnder(rel));
    else if (/\.(ts|tsx|mjs|js)$/.test(entry)) out.push(rel);
  }
  return out;
}

describe('end-to-end tests have no fixed sleeps', () => {
  const files = filesUnder('tests/e2e');

  it('finds the end-to-end tests', () => {
    expect(files.some((file) => file.endsWith('.spec.ts'))).toBe(true);
  });

  it('no file under tests/e2e calls waitForTimeout', () => {
    const sleeps = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bwaitForTimeout\b/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(sleeps, 'wait on a state, a counter or an event instead').toEqual([]);
  });
});

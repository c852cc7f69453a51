import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const POLICY = 'src/renderer/backendPolicy.ts';

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((entry) => {
    const rel = path.posix.join(dir, entry);
    if (statSync(path.join(root, rel)).isDirectory()) return sourcesUnder(rel);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [rel] : [];
  });
}

/**
 * The ways a file that names a backend could decide their order on its own: a list naming WebGPU
 * before WebGL2, a loop trying each backend of an order in turn, or WebGL2 chosen after WebGPU.
 */
const ORDER_DECISIONS: Array<[string, RegExp]> = [
  ['a list of WebGPU then WebGL2', /\[\s*['"]webgpu['"]\s*,\s*['"]webgl2['"]\s*\]/],
  ['a loop over an order of backends', /for\s*\(\s*const\s+\w+\s+of\s+(?:\w+\.)*order\s*\)/],
  ['a choice of WebGL2 after a lost WebGPU device', /['"]webgpu['"]\s*\?\s*\[/],
];

describe('the order of backends', () => {
  it('is decided only in the backend policy', () => {
    const decisions = sourcesUnder('src')
      .filter((file) => file !== POLICY)
      .flatMap((file) => {
        const text = readFileSync(path.join(root, file), 'utf8');
        if (!/['"]webgpu['"]|['"]webgl2['"]/.test(text)) return [];
        return ORDER_DECISIONS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`);
      });
    expect(decisions).toEqual([]);
  });

  it('is written in the policy', () => {
    const text = readFileSync(path.join(root, POLICY), 'utf8');
    expect(ORDER_DECISIONS[0][1].test(text)).toBe(true);
  });
});

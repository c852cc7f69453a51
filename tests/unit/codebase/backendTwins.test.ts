import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const BACKENDS = ['webgpu', 'webgl2'] as const;

/** One row of the "Backend twins" table of docs/architecture.md: a concern and its file (or named absence) per backend. */
interface TwinRow {
  concern: string;
  cells: Record<(typeof BACKENDS)[number], { file: string } | { absent: string }>;
}

function twinTable(): TwinRow[] {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('\n## Backend twins');
  expect(start, 'docs/architecture.md has a "Backend twins" section').toBeGreaterThan(-1);
  const section = doc.slice(start + 1).split(/\n## /)[0];
  const rows = section.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*(concern|-)/.test(line));
  return rows.map((line) => {
    const [concern, webgpu, webgl2] = line.split('|').slice(1, 4).map((cell) => cell.trim());
    const cell = (text: string) => {
      const file = /^`([\w.]+\.ts)`/.exec(text);
      if (file) return { file: file[1] };
      const absent = /^none: (.+)$/.exec(text);
      if (absent) return { absent: absent[1] };
      throw new Error(`"${text}" in the row "${concern}" is neither a \`file.ts\` nor "none: why"`);
    };
    return { concern, cells: { webgpu: cell(webgpu), webgl2: cell(webgl2) } };
  });
}

describe('the two backend folders name the same concern the same way', () => {
  it.each(BACKENDS)('every file of %s/ is a concern of the table, and every file the table names exists', (backend) => {
    const files = readdirSync(path.join(root, 'src/renderer', backend)).filter((file) => file.endsWith('.ts')).sort();
    const named = twinTable().flatMap((row) => {
      const cell = row.cells[backend];
      return 'file' in cell ? [cell.file] : [];
    });
    expect(named.sort()).toEqual(files);
  });

  it('a concern one backend lacks is a named absence, and twins share one file name', () => {
    for (const row of twinTable()) {
      const { webgpu, webgl2 } = row.cells;
      if ('file' in webgpu && 'file' in webgl2) expect(webgpu.file, row.concern).toBe(webgl2.file);
      else expect('file' in webgpu || 'file' in webgl2, `${row.concern} is in neither backend`).toBe(true);
    }
  });
});

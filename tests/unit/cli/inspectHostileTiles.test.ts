import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIERARCHY_HEADER_BYTES } from '../../../src/tiles/format/layout';
import { removeTempFolders, tempFolder } from '../../support/tiledFixtures';

afterAll(removeTempFolders);

function galaxyCli(...args: string[]) {
  const result = spawnSync(process.execPath, ['bin/galaxy.js', ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface InspectJson {
  valid: boolean;
  tiles: { problems: string[]; maxPositionError: number | null };
}

/** 300 stars: one tile, one adjacency and one label shard. */
let original: string;

beforeAll(() => {
  const root = tempFolder('galaxy-hostile-tiles-');
  const made = galaxyCli('generate', '--stars', '300', '--name', 'g', '--out', root, '--version-name', 'v1', '--seed', '5');
  expect(made.code).toBe(0);
  original = path.join(root, 'g');
}, 60_000);

/** A copy of the galaxy with one file of its tiles replaced. */
function withTileFile(file: string, bytes: Uint8Array): string {
  const copy = path.join(tempFolder('galaxy-hostile-copy-'), 'g');
  cpSync(original, copy, { recursive: true });
  writeFileSync(path.join(copy, 'v1', 'tiles', file), bytes);
  return copy;
}

function inspectJson(folder: string): { code: number | null; report: InspectJson } {
  const result = galaxyCli('inspect', folder, '--json');
  return { code: result.code, report: JSON.parse(result.stdout) as InspectJson };
}

describe('galaxy inspect on hostile tiles', () => {
  it('accepts the galaxy as written', () => {
    const { code, report } = inspectJson(original);
    expect(report.tiles.problems).toEqual([]);
    expect(code).toBe(0);
  });

  // Each bomb is tens of megabytes of zeros in 60-80 KB of gzip; inspect stops unpacking a megabyte
  // past the file's size from index.json (a label shard: at 64 MiB), and says so.
  const bomb = (megabytes: number) => gzipSync(Buffer.alloc(megabytes << 20), { level: 9 });

  it.each([
    ['hierarchy.bin.gz', 'hierarchy.bin', 32, (24 + 42 + (1 << 20)).toLocaleString('en-US')],
    ['adjacency/0.bin.gz', 'adjacency/0.bin.gz', 32, undefined],
    ['labels/0.json.gz', 'labels/0.json.gz', 72, (64 << 20).toLocaleString('en-US')],
  ])('stops unpacking a gzip bomb in %s at the size the file may have', (file, name, megabytes, limit) => {
    const { code, report } = inspectJson(withTileFile(file, bomb(megabytes)));
    expect(code).toBe(1);
    expect(report.valid).toBe(false);
    const message = report.tiles.problems.find((problem) => problem.includes('unpacks to more than'));
    expect(message, report.tiles.problems.join('\n')).toMatch(
      new RegExp(`^${name.replace(/[./]/g, '\\$&')} unpacks to more than ${limit ?? '[\\d,]+'} bytes, more than such a file may hold \\(damaged, or a gzip bomb\\)$`),
    );
  });

  it('refuses a hierarchy whose box holds NaN, where it used to pass with "positions within NaN"', () => {
    const hierarchy = gunzipSync(readFileSync(path.join(original, 'v1', 'tiles', 'hierarchy.bin.gz')));
    const tileCount = hierarchy.readUInt32LE(4);
    const boxesAt = HIERARCHY_HEADER_BYTES + tileCount * 16;
    hierarchy.writeFloatLE(Number.NaN, boxesAt); // tile 0's min x
    const folder = withTileFile('hierarchy.bin.gz', gzipSync(hierarchy));
    const result = galaxyCli('inspect', folder);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('NaN of positions.bin');
    expect(result.stdout).toContain('tile problems: 1');
    expect(result.stdout).toMatch(/ {2}- hierarchy\.bin gives tile 0 a box that is not finite \(NaN \.\. -?\d+ on axis x\)\n/);
  });
});

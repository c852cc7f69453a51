import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { renderThumbnails, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '../../src/cli/thumbnail/renderThumbnails';

/** Pixels brighter than the black background: the stars drawn. */
function litPixels(rgba: Uint8Array): number {
  let lit = 0;
  for (let i = 0; i < rgba.length; i += 4) if (rgba[i] + rgba[i + 1] + rgba[i + 2] > 60) lit++;
  return lit;
}

test('galaxy thumbnail draws the Home card still and a fly-around GIF of a built galaxy', async () => {
  test.setTimeout(240_000);
  const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'galaxy-thumbnail-e2e-'));
  try {
    execFileSync(process.execPath, [
      'bin/galaxy.js', 'build', 'tests/fixtures/importers/karate.graphml', '--name', 'karate', '--out', dataRoot,
      '--version-name', 'v1', '--iterations', '50', '--no-progress',
    ]);
    const frames: Uint8Array[] = [];
    const written = await renderThumbnails({ dataRoot, name: 'karate', frames: 4, onFrame: (rgba) => frames.push(rgba.slice()) });

    const still = PNG.sync.read(readFileSync(written.still));
    expect([still.width, still.height]).toEqual([THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT]);
    expect(litPixels(new Uint8Array(still.data))).toBeGreaterThan(10);

    const gif = readFileSync(written.animated);
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT]);
    expect(frames).toHaveLength(4);
    // The camera moves around the galaxy: a quarter turn later the picture is different.
    expect(Buffer.from(frames[1]).equals(Buffer.from(frames[0]))).toBe(false);
    for (const frame of frames) expect(litPixels(frame)).toBeGreaterThan(10);
  } finally {
    rmSync(dataRoot, { recursive: true, force: true });
  }
});

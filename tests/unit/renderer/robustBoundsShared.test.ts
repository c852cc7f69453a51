import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundingBox } from '../../../src/geometry/boundingBox';
import { robustBoundingBox } from '../../../src/geometry/robustBounds';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';

function publishedPositions(name: string): Float32Array {
  const folder = path.join(sharedGalaxiesDir, name);
  const { last } = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { last: string };
  const bytes = readFileSync(path.join(folder, last, 'positions.bin'));
  return Float32Array.from(new Int32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 12) * 3));
}

const names = haveSharedGalaxies
  ? readdirSync(sharedGalaxiesDir).filter((name) => existsSync(path.join(sharedGalaxiesDir, name, 'manifest.json')))
  : [];

describe.skipIf(!haveSharedGalaxies)(`the start view's bounds on published galaxies (${haveSharedGalaxies ? 'present' : sharedGalaxiesMissingReason})`, () => {
  it.each(names)('%s: leaving outliers out changes nothing when there are none', (name) => {
    const positions = publishedPositions(name);
    expect(robustBoundingBox(positions)).toEqual(boundingBox(positions));
  });
});

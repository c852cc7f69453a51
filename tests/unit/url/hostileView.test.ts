import { describe, expect, it } from 'vitest';
import { decodePositions } from '../../../src/data/wire/positions';
import { robustBoundingBox } from '../../../src/geometry/robustBounds';
import { boundsOf } from '../../../src/renderer/camera';
import { addressPlacesCamera, DEFAULT_SCALE, defaultAddressView, MAX_CAMERA_COORDINATE, parseViewQuery, writeViewQuery } from '../../../src/url/viewQuery';

describe('camera keys beyond float32 or not finite', () => {
  it('clamps coordinates, orientation, link distance and scale to finite ranges', () => {
    const view = parseViewQuery('cx=1e308&cy=-1e308&cz=Infinity&lx=1e308&ly=-5&lz=NaN&lw=1e40&ml=1e308&s=1e308&l=1');
    expect(view.pos).toEqual({ x: MAX_CAMERA_COORDINATE, y: -MAX_CAMERA_COORDINATE, z: 0 });
    expect(view.lookAt).toEqual({ x: 1, y: -1, z: 0, w: 1 });
    expect(view.maxVisibleDistance).toBe(1e7);
    expect(view.scale).toBe(DEFAULT_SCALE);
    for (const value of [...Object.values(view.pos), ...Object.values(view.lookAt)]) expect(Math.fround(value)).not.toBe(Infinity);
  });

  it('takes the default for a scale of zero, below zero, too small to draw or absurdly large', () => {
    for (const odd of ['0', '-0', '-5', '0.001', '1e-9', '1001', '1e308', 'Infinity', 'NaN', 'abc']) {
      expect(parseViewQuery(`s=${odd}&l=1`).scale, `s=${odd}`).toBe(DEFAULT_SCALE);
    }
    expect(parseViewQuery('s=0.01&l=1').scale).toBe(0.01);
    expect(parseViewQuery('s=3.5&l=1').scale).toBe(3.5);
    expect(parseViewQuery('s=1000&l=1').scale).toBe(1000);
  });

  it('opens on the start view when the address camera is out of range', () => {
    expect(addressPlacesCamera('cx=1e308&cy=0&cz=0')).toBe(false);
    expect(addressPlacesCamera('cx=100&cy=-20&cz=5000')).toBe(true);
    expect(addressPlacesCamera('cx=abc&cy=0&cz=0')).toBe(true);
    expect(addressPlacesCamera('l=1')).toBe(false);
  });

  it('never writes NaN or Infinity into the address', () => {
    const view = defaultAddressView();
    view.pos = { x: Number.NaN, y: Infinity, z: -Infinity };
    view.lookAt = { x: Number.NaN, y: 0, z: 0, w: 1 };
    view.maxVisibleDistance = Number.NaN;
    view.scale = Infinity;
    const written = writeViewQuery(view);
    expect(written).not.toMatch(/NaN|Infinity/);
    expect(written).toBe('cx=0&cy=0&cz=0&lx=0.0000&ly=0.0000&lz=0.0000&lw=1.0000&ml=150&s=1.75&l=1&v=0');
  });
});

describe('stars at absurd coordinates', () => {
  const bulk = Array.from({ length: 1000 }, (_, i) => [((i * 37) % 2001) - 1000, ((i * 91) % 2001) - 1000, ((i * 53) % 2001) - 1000]);
  const outliers = [
    [2 ** 31 - 1, 0, 0],
    [0, -(2 ** 31), 0],
    [0, 0, 2 ** 31 - 1],
  ];

  it('are counted in a data warning', () => {
    const decoded = decodePositions(new Int32Array([...bulk, ...outliers].flat()).buffer);
    expect(decoded.warnings).toEqual([
      'positions.bin: 3 stars have coordinates beyond ±16777216 (absurdly far out): the start view leaves them out',
    ]);
    expect(decodePositions(new Int32Array(bulk.flat()).buffer).warnings).toEqual([]);
  });

  it('do not push the start view out: the scene bounds are those of the other stars', () => {
    const positions = new Float32Array([...bulk, ...outliers].flat());
    expect(boundsOf(positions)).toEqual(boundsOf(new Float32Array(bulk.flat())));
    expect(boundsOf(positions).radius).toBeLessThan(2000);
  });

  it('leave an ordinary galaxy its exact bounding box, shell of far stars included', () => {
    // A dense core and a sparse shell at ten times its radius, as the layout places unlinked nodes.
    const shell = Array.from({ length: 40 }, (_, i) => [Math.cos(i) * 10_000, Math.sin(i) * 10_000, (i % 3) * 100]);
    const positions = new Float32Array([...bulk, ...shell].flat());
    const box = robustBoundingBox(positions);
    expect(box.maxX).toBeCloseTo(Math.max(...shell.map((p) => p[0]), 1000), 0);
    expect(box.minY).toBeCloseTo(Math.min(...shell.map((p) => p[1]), -1000), 0);
  });
});

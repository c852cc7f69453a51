import { mat4, vec4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { cellTest, nearKeyOf, NO_TEST, TILE_PIXELS, type CellTest } from '../../../src/renderer/webgpu/hiddenCells';
import { POINT_SIZE_FACTOR } from '../../../src/renderer/starStyle';
import { starWorldRadius } from '../../../src/renderer/starCells';

const WIDTH = 64, HEIGHT = 32, FOV = Math.PI / 4;

/** A camera at the origin looking down -z, near 1, far 1000, depth 0..1 as WebGPU's. */
function viewProjection(): mat4 {
  return mat4.perspectiveZO(mat4.create(), FOV, WIDTH / HEIGHT, 1, 1000);
}

function testOf(bounds: number[], margin = 0): CellTest {
  return cellTest(Float32Array.from(bounds), 0, viewProjection(), margin, WIDTH, HEIGHT, { tileMin: 0, tileMax: 0, nearKey: NO_TEST });
}

/** The depth and the pixel centres a star lights, as splatOf in starsShape.wgsl finds them. */
function splat(position: [number, number, number], size: number): { key: number; pixels: Array<[number, number]> } {
  const clip = vec4.transformMat4(vec4.create(), [...position, 1], viewProjection());
  const sizePx = Math.min(512, Math.max(2, (size * POINT_SIZE_FACTOR) / Math.hypot(...position)));
  const cx = (clip[0] / clip[3] + 1) * 0.5 * WIDTH, cy = (1 - clip[1] / clip[3]) * 0.5 * HEIGHT;
  const r = 0.375 * sizePx;
  const pixels: Array<[number, number]> = [];
  for (let y = Math.ceil(cy - r - 0.5); y <= Math.floor(cy + r - 0.5); y++) {
    for (let x = Math.ceil(cx - r - 0.5); x <= Math.floor(cx + r - 0.5); x++) if (x >= 0 && y >= 0 && x < WIDTH && y < HEIGHT) pixels.push([x, y]);
  }
  const bits = new Uint32Array(Float32Array.of(clip[2] / clip[3]).buffer);
  return { key: ~bits[0] >>> 0, pixels };
}

function tiles(test: CellTest): { x0: number; y0: number; x1: number; y1: number } {
  return { x0: test.tileMin & 0xffff, y0: test.tileMin >>> 16, x1: test.tileMax & 0xffff, y1: test.tileMax >>> 16 };
}

describe('cellTest', () => {
  it('covers every pixel a star of the cell can light, nearer than any of its depths', () => {
    const box = [-4, -2, -60, 3, 2, -50];
    const size = 2;
    const margin = starWorldRadius(size, HEIGHT, Math.tan(FOV / 2));
    const test = testOf(box, margin);
    expect(test.nearKey).not.toBe(NO_TEST);
    const { x0, y0, x1, y1 } = tiles(test);
    for (let i = 0; i < 27; i++) {
      const corner = [0, 1, 2].map((a) => box[a] + ((Math.floor(i / 3 ** a) % 3) / 2) * (box[a + 3] - box[a])) as [number, number, number];
      const star = splat(corner, size);
      expect(star.key).toBeLessThan(test.nearKey);
      for (const [x, y] of star.pixels) {
        expect(Math.floor(x / TILE_PIXELS)).toBeGreaterThanOrEqual(x0);
        expect(Math.floor(x / TILE_PIXELS)).toBeLessThanOrEqual(x1);
        expect(Math.floor(y / TILE_PIXELS)).toBeGreaterThanOrEqual(y0);
        expect(Math.floor(y / TILE_PIXELS)).toBeLessThanOrEqual(y1);
      }
    }
  });

  it('counts pixel rows from the top of the screen', () => {
    expect(tiles(testOf([-1, 5, -30, 1, 6, -29])).y1).toBeLessThan(HEIGHT / TILE_PIXELS / 2);
    expect(tiles(testOf([-1, -6, -30, 1, -5, -29])).y0).toBeGreaterThanOrEqual(HEIGHT / TILE_PIXELS / 2);
  });

  it('does not test a cell reaching behind the eye, before the near plane or off screen', () => {
    expect(testOf([-1, -1, -5, 1, 1, 5]).nearKey).toBe(NO_TEST);
    expect(testOf([-1, -1, -1.5, 1, 1, -0.5]).nearKey).toBe(NO_TEST);
    expect(testOf([500, -1, -20, 501, 1, -19]).nearKey).toBe(NO_TEST);
  });
});

describe('nearKeyOf', () => {
  it('orders nearer depths first and stays just nearer than the depth itself', () => {
    expect(nearKeyOf(0.5)).toBeGreaterThan(nearKeyOf(0.9));
    const bits = new Uint32Array(Float32Array.of(0.9).buffer);
    expect(nearKeyOf(0.9)).toBeGreaterThan(~bits[0] >>> 0);
  });
});

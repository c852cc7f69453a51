import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { cellHidden, DEPTH_STEPS, type DepthTiles } from '../../../src/renderer/webgl2/hiddenCells';

const WIDTH = 64, HEIGHT = 32, TILE = 8;

/** A camera at the origin looking down -z, near 1, far 1000. */
function viewProjection(): mat4 {
  return mat4.perspective(mat4.create(), Math.PI / 4, WIDTH / HEIGHT, 1, 1000);
}

/** Window depth (0..1) of a point at distance `d` in front of that camera. */
function depthAt(d: number): number {
  const clip = [0, 0, -d, 1];
  const m = viewProjection();
  const z = m[10] * clip[2] + m[14], w = m[11] * clip[2] + m[15];
  return (z / w + 1) / 2;
}

/** Tiles all at the depth of distance `d`, except `open` ones left at the far plane. */
function tilesAt(d: number, open: Array<[number, number]> = []): DepthTiles {
  const tilesX = WIDTH / TILE, tilesY = HEIGHT / TILE;
  const farthest = new Uint32Array(tilesX * tilesY).fill(Math.round(depthAt(d) * DEPTH_STEPS));
  for (const [x, y] of open) farthest[y * tilesX + x] = DEPTH_STEPS;
  return { farthest, tilesX, tilesY, tileSize: TILE, rowsFromTop: false, width: WIDTH, height: HEIGHT };
}

/** One cell: a box of side 2 centred on the view axis at distance `d`. */
function cellAt(d: number, x = 0): Float32Array {
  return Float32Array.from([x - 1, -1, -d - 1, x + 1, 1, -d + 1]);
}

describe('cellHidden', () => {
  it('hides a cell wholly behind a covered screen and keeps one in front of it', () => {
    expect(cellHidden(cellAt(200), 0, viewProjection(), 0, tilesAt(100))).toBe(true);
    expect(cellHidden(cellAt(50), 0, viewProjection(), 0, tilesAt(100))).toBe(false);
  });

  it('keeps a cell whose footprint reaches one tile still open, even by its stars’ radius', () => {
    // The cell at distance 200 lands on the centre tiles (3..4, 1..2 of 8 x 4).
    expect(cellHidden(cellAt(200), 0, viewProjection(), 0, tilesAt(100, [[4, 2]]))).toBe(false);
    expect(cellHidden(cellAt(200), 0, viewProjection(), 0, tilesAt(100, [[0, 0]]))).toBe(true);
    // Big stars light pixels far beyond the box: a margin of 150 world units reaches the corner tile.
    expect(cellHidden(cellAt(200), 0, viewProjection(), 150, tilesAt(100, [[0, 0]]))).toBe(false);
  });

  it('keeps a cell the depth only just covers, within float rounding', () => {
    expect(cellHidden(cellAt(100.5), 0, viewProjection(), 0, tilesAt(100.5 - 1))).toBe(false);
  });

  it('keeps a cell that reaches behind the eye or in front of the near plane', () => {
    expect(cellHidden(Float32Array.from([-1, -1, -5, 1, 1, 5]), 0, viewProjection(), 0, tilesAt(100))).toBe(false);
    expect(cellHidden(Float32Array.from([-1, -1, -1.5, 1, 1, -0.5]), 0, viewProjection(), 0, tilesAt(0.1))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { Camera, boundsOf, lookAtOrientation } from '../../../src/renderer/camera';
import { createVisibleRuns, findVisibleRuns, StarLayout } from '../../../src/renderer/starCells';
import { buildGridCells } from '../../../src/stars/gridCells';
import { POINT_SIZE_FACTOR } from '../../../src/renderer/starStyle';

function randomPositions(count: number, seed: number): Float32Array {
  let state = seed;
  const next = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5) * 20000;
  return Float32Array.from({ length: count * 3 }, next);
}

describe('grid cells', () => {
  it('lists every star once, cell by cell', () => {
    const positions = randomPositions(20000, 5);
    const cells = buildGridCells(positions);
    expect([...cells.order].sort((a, b) => a - b)).toEqual(Array.from({ length: 20000 }, (_, i) => i));
    let total = 0;
    let outside = 0;
    for (let k = 0; k < cells.cells; k++) {
      total += cells.count[k];
      for (let j = cells.start[k]; j < cells.start[k] + cells.count[k]; j++) {
        const id = cells.order[j];
        for (let a = 0; a < 3; a++) {
          const v = positions[id * 3 + a];
          if (v < cells.bounds[k * 6 + a] || v > cells.bounds[k * 6 + 3 + a]) outside++;
        }
      }
    }
    expect(total).toBe(20000);
    expect(outside).toBe(0);
  });

  it('never leaves out a star whose disc reaches the screen, and skips much of what is behind', () => {
    const positions = randomPositions(30000, 9);
    const cells = buildGridCells(positions);
    const runs = createVisibleRuns(cells);
    const camera = new Camera();
    camera.setViewport(800, 500, 800, 500);
    camera.setScene(boundsOf(positions));
    const size = 30;
    let skippedSome = false;
    let missing = 0;
    for (let trial = 0; trial < 20; trial++) {
      const eye = [positions[trial * 3], positions[trial * 3 + 1], positions[trial * 3 + 2]];
      const target = [positions[trial * 3 + 3], positions[trial * 3 + 4], positions[trial * 3 + 5]];
      camera.setPose({ position: eye as [number, number, number], orientation: lookAtOrientation(eye, target) });
      findVisibleRuns(cells, camera.viewProjection, 800, 500, size, Math.tan(Math.PI / 8), runs);
      const drawn = new Uint8Array(30000);
      for (let r = 0; r < runs.runs; r++) for (let j = runs.first[r]; j < runs.first[r] + runs.count[r]; j++) drawn[cells.order[j]] = 1;
      for (let id = 0; id < 30000; id++) {
        const p = camera.project(positions[id * 3], positions[id * 3 + 1], positions[id * 3 + 2]);
        if (!p) continue;
        const eyeDistance = Math.hypot(positions[id * 3] - eye[0], positions[id * 3 + 1] - eye[1], positions[id * 3 + 2] - eye[2]);
        if (eyeDistance < 1) continue;
        const radius = Math.max(1, (size * 351) / eyeDistance / 2);
        const onScreen = p.x > -radius && p.y > -radius && p.x < 800 + radius && p.y < 500 + radius;
        if (onScreen && !drawn[id]) missing++;
      }
      if (runs.stars < 30000 * 0.6) skippedSome = true;
    }
    expect(missing).toBe(0);
    expect(skippedSome).toBe(true);
  });

  it('finds exactly the cells that planes built from the matrix rows as arrays find (the kept planes change no answer)', () => {
    const positions = randomPositions(20000, 4);
    const cells = buildGridCells(positions);
    const camera = new Camera();
    camera.setViewport(640, 480, 640, 480);
    camera.setScene(boundsOf(positions));
    for (let trial = 0; trial < 15; trial++) {
      const eye = [positions[trial * 3], positions[trial * 3 + 1], positions[trial * 3 + 2]];
      const target = [positions[trial * 3 + 6], positions[trial * 3 + 7], positions[trial * 3 + 8]];
      camera.setPose({ position: eye as [number, number, number], orientation: lookAtOrientation(eye, target) });
      const runs = findVisibleRuns(cells, camera.viewProjection, 640, 480, 4, Math.tan(Math.PI / 8), createVisibleRuns(cells));
      const m = camera.viewProjection;
      const row = (r: number) => [m[r], m[4 + r], m[8 + r], m[12 + r]];
      const [r0, r1, r2, r3] = [row(0), row(1), row(2), row(3)];
      const ex = 1 + 4 / 640, ey = 1 + 4 / 480;
      const planes = [r3.map((v, i) => v * ex + r0[i]), r3.map((v, i) => v * ex - r0[i]), r3.map((v, i) => v * ey + r1[i]), r3.map((v, i) => v * ey - r1[i]), r3.map((v, i) => v + r2[i])].map(
        ([a, b, c, d]) => [a, b, c, d].map((v) => v / (Math.hypot(a, b, c) || 1)),
      );
      const worldMargin = (4 * POINT_SIZE_FACTOR * Math.tan(Math.PI / 8)) / 480 + 1;
      const expected: number[] = [];
      for (let k = 0; k < cells.cells; k++) {
        if (cells.count[k] === 0) continue;
        const bb = cells.bounds.subarray(k * 6, k * 6 + 6);
        if (planes.every(([a, b, c, d]) => a * (a >= 0 ? bb[3] : bb[0]) + b * (b >= 0 ? bb[4] : bb[1]) + c * (c >= 0 ? bb[5] : bb[2]) + d >= -worldMargin)) expected.push(k);
      }
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(cells.cells);
      expect([...runs.cellIds.subarray(0, runs.visibleCells)]).toEqual(expected);
    }
  });
});

/**
 * A tiled galaxy's pool as the renderer gets it: the stars of `positions` split by octant of x and y
 * into four cells stored out of buffer order with empty slots between them (slot = id).
 */
function givenCells(positions: Float32Array) {
  const stars = positions.length / 3;
  const gap = 7;
  const byQuarter: number[][] = [[], [], [], []];
  for (let i = 0; i < stars; i++) byQuarter[(positions[i * 3] < 0 ? 0 : 1) + (positions[i * 3 + 1] < 0 ? 0 : 2)].push(i);
  const capacity = stars + gap * 5;
  const pool = new Float32Array(capacity * 3).fill(0);
  const starOfSlot = new Int32Array(capacity).fill(-1);
  const cells = { cells: 4, start: new Uint32Array(4), count: new Uint32Array(4), bounds: new Float32Array(24) };
  // Cells in the order 2, 0, 3, 1 through the buffer, so that cell index order is not buffer order.
  let slot = gap;
  for (const quarter of [2, 0, 3, 1]) {
    cells.start[quarter] = slot;
    cells.count[quarter] = byQuarter[quarter].length;
    const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    for (const id of byQuarter[quarter]) {
      for (let a = 0; a < 3; a++) {
        const v = positions[id * 3 + a];
        pool[slot * 3 + a] = v;
        b[a] = Math.min(b[a], v);
        b[a + 3] = Math.max(b[a + 3], v);
      }
      starOfSlot[slot++] = id;
    }
    cells.bounds.set(b, quarter * 6);
    slot += gap;
  }
  return { pool, starOfSlot, cells, capacity };
}

describe('stars given with cells', () => {
  it('draw every star of a cell in view and never an empty slot, with cells changed after', () => {
    const positions = randomPositions(30000, 21);
    const { pool, starOfSlot, cells, capacity } = givenCells(positions);
    const layout = new StarLayout(cells, new Float32Array(capacity).fill(30), 1);
    const camera = new Camera();
    camera.setViewport(800, 500, 800, 500);
    camera.setScene(boundsOf(positions));
    const tan = Math.tan(Math.PI / 8);
    let missing = 0, empty = 0, skippedSome = false;
    for (let trial = 0; trial < 12; trial++) {
      // Half the trials draw only two of the cells, as a plan that dropped the others would.
      if (trial === 6) layout.setCells({ ...cells, count: Uint32Array.from(cells.count, (c, k) => (k % 2 ? c : 0)) });
      const eye = [positions[trial * 3], positions[trial * 3 + 1], positions[trial * 3 + 2]];
      const target = [positions[trial * 3 + 3], positions[trial * 3 + 4], positions[trial * 3 + 5]];
      camera.setPose({ position: eye as [number, number, number], orientation: lookAtOrientation(eye, target) });
      const runs = layout.visible(camera.viewProjection, 800, 500, tan);
      const drawn = new Uint8Array(capacity);
      for (let r = 0; r < runs.runs; r++) for (let j = runs.first[r]; j < runs.first[r] + runs.count[r]; j++) drawn[j]++;
      const drawnCells = layout.cells;
      for (let slot = 0; slot < capacity; slot++) {
        if (drawn[slot] > 1) missing++; // drawn twice
        if (starOfSlot[slot] < 0) {
          if (drawn[slot]) empty++;
          continue;
        }
        const inDrawnCell = Array.from({ length: 4 }, (_, k) => k).some((k) => slot >= drawnCells.start[k] && slot < drawnCells.start[k] + drawnCells.count[k]);
        if (!inDrawnCell) {
          if (drawn[slot]) empty++;
          continue;
        }
        const p = camera.project(pool[slot * 3], pool[slot * 3 + 1], pool[slot * 3 + 2]);
        const eyeDistance = Math.hypot(pool[slot * 3] - eye[0], pool[slot * 3 + 1] - eye[1], pool[slot * 3 + 2] - eye[2]);
        if (!p || eyeDistance < 1) continue;
        const radius = Math.max(1, (30 * 351) / eyeDistance / 2);
        if (p.x > -radius && p.y > -radius && p.x < 800 + radius && p.y < 500 + radius && !drawn[slot]) missing++;
      }
      if (runs.stars < 30000 * 0.8) skippedSome = true;
    }
    expect(missing).toBe(0);
    expect(empty).toBe(0);
    expect(skippedSome).toBe(true);
  });

  it('merge only cells that follow each other in the buffer into one run', () => {
    const cells = { cells: 3, start: Uint32Array.from([100, 0, 50]), count: Uint32Array.from([10, 50, 20]), bounds: new Float32Array(18) };
    for (let k = 0; k < 3; k++) cells.bounds.set([-1, -1, -10, 1, 1, -9], k * 6);
    const camera = new Camera();
    camera.setViewport(100, 100, 100, 100);
    camera.setPose({ position: [0, 0, 0], orientation: [0, 0, 0, 1] });
    const runs = findVisibleRuns(cells, camera.viewProjection, 100, 100, 10, Math.tan(Math.PI / 8), createVisibleRuns(cells));
    const drawn = Array.from({ length: runs.runs }, (_, r) => [runs.first[r], runs.count[r]]);
    // Cell 0 (100..109) alone, then cells 1 and 2 (0..49, 50..69) as one run.
    expect(drawn).toEqual([[100, 10], [0, 70]]);
    expect(runs.stars).toBe(80);
  });
});

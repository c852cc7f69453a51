import { describe, expect, it } from 'vitest';
import { Camera, boundsOf, lookAtOrientation } from '../../../src/renderer/camera';
import { buildStarChunks, createVisibleRuns, findVisibleRuns, StarLayout } from '../../../src/renderer/starChunks';

function randomPositions(count: number, seed: number): Float32Array {
  let state = seed;
  const next = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5) * 20000;
  return Float32Array.from({ length: count * 3 }, next);
}

describe('star chunks', () => {
  it('lists every star once, cell by cell', () => {
    const positions = randomPositions(20000, 5);
    const chunks = buildStarChunks(positions);
    expect([...chunks.order].sort((a, b) => a - b)).toEqual(Array.from({ length: 20000 }, (_, i) => i));
    let total = 0;
    let outside = 0;
    for (let k = 0; k < chunks.chunks; k++) {
      total += chunks.chunkCount[k];
      for (let j = chunks.chunkStart[k]; j < chunks.chunkStart[k] + chunks.chunkCount[k]; j++) {
        const id = chunks.order[j];
        for (let a = 0; a < 3; a++) {
          const v = positions[id * 3 + a];
          if (v < chunks.chunkBounds[k * 6 + a] || v > chunks.chunkBounds[k * 6 + 3 + a]) outside++;
        }
      }
    }
    expect(total).toBe(20000);
    expect(outside).toBe(0);
  });

  it('never leaves out a star whose disc reaches the screen, and skips much of what is behind', () => {
    const positions = randomPositions(30000, 9);
    const chunks = buildStarChunks(positions);
    const runs = createVisibleRuns(chunks);
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
      findVisibleRuns(chunks, camera.viewProjection, 800, 500, size, Math.tan(Math.PI / 8), runs);
      const drawn = new Uint8Array(30000);
      for (let r = 0; r < runs.runs; r++) for (let j = runs.first[r]; j < runs.first[r] + runs.count[r]; j++) drawn[chunks.order[j]] = 1;
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
});

describe('star layout on the GPU', () => {
  it('stores stars in cell order and addresses them by id', () => {
    const positions = randomPositions(5000, 11);
    const sizes = Float32Array.from({ length: 5000 }, (_, i) => i);
    const layout = new StarLayout(positions, sizes, 1.5);
    const slotted = layout.reorder(positions, 3);
    const slottedSizes = layout.reorder(sizes, 1);
    let wrong = 0;
    for (let id = 0; id < 5000; id++) {
      const slot = layout.slotOf[id];
      if (slottedSizes[slot] !== id) wrong++;
      for (let a = 0; a < 3; a++) if (slotted[slot * 3 + a] !== positions[id * 3 + a]) wrong++;
    }
    expect(wrong).toBe(0);
    const pairs = layout.slotPairs(new Uint32Array([0, 4999, 17, 3]));
    expect([...pairs]).toEqual([layout.slotOf[0], layout.slotOf[4999], layout.slotOf[17], layout.slotOf[3]]);
  });
});

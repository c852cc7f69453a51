import { describe, expect, it } from 'vitest';
import { STAGE_ENDS } from '../../../src/renderer/crowdedViews';
import { occlusionStages, runsOf } from '../../../src/renderer/webgl2/occlusion';

/** Ten unit cells along +z, 100 stars each, cell k at z = k..k+1, stored in cell order. */
function row() {
  const cells = 10;
  const cellStart = Uint32Array.from({ length: cells }, (_, k) => k * 100);
  const cellCount = new Uint32Array(cells).fill(100);
  const cellBounds = new Float32Array(cells * 6);
  for (let k = 0; k < cells; k++) cellBounds.set([0, 0, k, 1, 1, k + 1], k * 6);
  return { cellStart, cellCount, cellBounds, visible: Uint32Array.from({ length: cells }, (_, k) => k) };
}

describe('occlusionStages', () => {
  it('draws the nearest cells first, every visible cell exactly once, each stage in buffer order', () => {
    const { cellCount, cellBounds, visible } = row();
    const stages = occlusionStages(cellCount, cellBounds, visible, visible.length, [0.5, 0.5, 20]);
    // The eye is beyond the last cell: cell 9 is nearest, cell 0 farthest.
    for (let s = 1; s < stages.length; s++) expect(Math.max(...stages[s])).toBeLessThan(Math.min(...stages[s - 1]));
    for (const stage of stages) expect([...stage]).toEqual([...stage].sort((a, b) => a - b));
    expect(stages.flatMap((stage) => [...stage]).sort((a, b) => a - b)).toEqual([...visible]);
    // Each stage but the last ends with the cell that reaches its share of the stars (100 per cell here).
    let drawn = 0;
    stages.slice(0, -1).forEach((stage, s) => {
      drawn += 100 * stage.length;
      expect(drawn).toBeGreaterThanOrEqual(STAGE_ENDS[s] * 1000);
      expect(drawn - 100).toBeLessThan(STAGE_ENDS[s] * 1000);
    });
  });

  it('leaves out cells that are not visible', () => {
    const { cellCount, cellBounds } = row();
    const visible = Uint32Array.from([0, 1, 5]);
    const stages = occlusionStages(cellCount, cellBounds, visible, 3, [0.5, 0.5, -5]);
    expect(stages.flatMap((s) => [...s]).sort()).toEqual([0, 1, 5]);
  });
});

describe('runsOf', () => {
  it('merges adjacent cells into one draw and skips the ones left out', () => {
    const { cellStart, cellCount } = row();
    const ids = Uint32Array.from([0, 1, 2, 4, 5, 7]);
    expect(runsOf(cellStart, cellCount, ids)).toEqual({ first: [0, 400, 700], count: [300, 200, 100] });
    expect(runsOf(cellStart, cellCount, ids, (k) => k !== 1)).toEqual({ first: [0, 200, 400, 700], count: [100, 100, 200, 100] });
  });

  it('merges given cells only where their slots follow each other, whatever their order', () => {
    // Tiles of a stream's pool: cell 0 at slots 500.., cell 1 at 0.., cell 2 right after cell 1, cell 3 after a gap.
    const cellStart = Uint32Array.from([500, 0, 100, 300]);
    const cellCount = Uint32Array.from([50, 100, 100, 10]);
    expect(runsOf(cellStart, cellCount, Uint32Array.from([0, 1, 2, 3]))).toEqual({ first: [500, 0, 300], count: [50, 200, 10] });
  });
});

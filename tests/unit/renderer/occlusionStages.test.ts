import { describe, expect, it } from 'vitest';
import { STAGE_ENDS } from '../../../src/renderer/crowdedViews';
import { occlusionStages, runsOf } from '../../../src/renderer/webgl2/occlusion';

/** Ten unit cells along +z, 100 stars each, cell k at z = k..k+1, stored in cell order. */
function row() {
  const cells = 10;
  const chunkStart = Uint32Array.from({ length: cells }, (_, k) => k * 100);
  const chunkCount = new Uint32Array(cells).fill(100);
  const chunkBounds = new Float32Array(cells * 6);
  for (let k = 0; k < cells; k++) chunkBounds.set([0, 0, k, 1, 1, k + 1], k * 6);
  return { chunkStart, chunkCount, chunkBounds, visible: Uint32Array.from({ length: cells }, (_, k) => k) };
}

describe('occlusionStages', () => {
  it('draws the nearest cells first, every visible cell exactly once, each stage in buffer order', () => {
    const { chunkCount, chunkBounds, visible } = row();
    const stages = occlusionStages(chunkCount, chunkBounds, visible, visible.length, [0.5, 0.5, 20]);
    expect(STAGE_ENDS).toEqual([0.1, 0.3, 0.55]);
    // The eye is beyond the last cell: the first stage holds the far end of the buffer.
    expect(stages.map((stage) => [...stage])).toEqual([[9], [7, 8], [4, 5, 6], [0, 1, 2, 3]]);
  });

  it('leaves out cells that are not visible', () => {
    const { chunkCount, chunkBounds } = row();
    const visible = Uint32Array.from([0, 1, 5]);
    const stages = occlusionStages(chunkCount, chunkBounds, visible, 3, [0.5, 0.5, -5]);
    expect(stages.flatMap((s) => [...s]).sort()).toEqual([0, 1, 5]);
  });
});

describe('runsOf', () => {
  it('merges adjacent cells into one draw and skips the ones left out', () => {
    const { chunkStart, chunkCount } = row();
    const ids = Uint32Array.from([0, 1, 2, 4, 5, 7]);
    expect(runsOf(chunkStart, chunkCount, ids)).toEqual({ first: [0, 400, 700], count: [300, 200, 100] });
    expect(runsOf(chunkStart, chunkCount, ids, (k) => k !== 1)).toEqual({ first: [0, 200, 400, 700], count: [100, 100, 200, 100] });
  });
});

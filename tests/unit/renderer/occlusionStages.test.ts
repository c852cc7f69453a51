import { describe, expect, it } from 'vitest';
import { occlusionStages, STAGE_ENDS } from '../../../src/renderer/webgl2/occlusion';

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
  it('draws the nearest cells first, every visible star exactly once, merged into runs', () => {
    const { chunkStart, chunkCount, chunkBounds, visible } = row();
    const stages = occlusionStages(chunkStart, chunkCount, chunkBounds, visible, visible.length, [0.5, 0.5, 20]);
    expect(stages).toHaveLength(STAGE_ENDS.length + 1);
    // The eye is beyond the last cell: the first stage holds the far end of the buffer.
    expect(stages[0]).toEqual({ first: [900], count: [100] });
    expect(stages[1]).toEqual({ first: [700], count: [200] });
    expect(stages[2]).toEqual({ first: [0], count: [700] });
  });

  it('leaves out cells that are not visible', () => {
    const { chunkStart, chunkCount, chunkBounds } = row();
    const visible = Uint32Array.from([0, 1, 5]);
    const stages = occlusionStages(chunkStart, chunkCount, chunkBounds, visible, 3, [0.5, 0.5, -5]);
    const drawn = stages.flatMap((s) => s.first.map((f, i) => [f, s.count[i]]));
    expect(drawn.sort((a, b) => a[0] - b[0])).toEqual([[0, 100], [100, 100], [500, 100]]);
  });
});

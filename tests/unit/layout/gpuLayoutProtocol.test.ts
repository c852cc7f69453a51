import { describe, expect, it } from 'vitest';
import { pyramidDepth } from '../../../src/layout/gpu/gpuForceEngine';
import { decodeGraph, encodeGraph } from '../../../src/layout/gpu/page/protocol';

describe('GPU layout page protocol', () => {
  it('hands the page the node count and every link in order', () => {
    const bytes = encodeGraph(5, Uint32Array.of(0, 3, 4), Uint32Array.of(1, 2, 0));
    const copy = bytes.slice().buffer;
    const graph = decodeGraph(copy);
    expect(graph.nodeCount).toBe(5);
    expect(Array.from(graph.links)).toEqual([0, 1, 3, 2, 4, 0]);
  });
});

describe('cell pyramid depth', () => {
  it('gives about one finest cell per node, within 2³ and 128³ cells', () => {
    expect(pyramidDepth(2)).toBe(1);
    expect(8 ** pyramidDepth(7_774)).toBeGreaterThanOrEqual(7_774);
    expect(8 ** pyramidDepth(7_774)).toBeLessThan(8 * 7_774);
    expect(pyramidDepth(10_000_000)).toBe(7);
  });
});

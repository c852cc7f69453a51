import { describe, expect, it } from 'vitest';
import { calibrationSample } from '../../../src/layout/live/calibrationSample';

/** A ring of `n` nodes with a hub (node n) linked to every tenth. */
function ringWithHub(n: number) {
  const links: number[] = [];
  for (let i = 0; i < n; i++) links.push(i, (i + 1) % n);
  for (let i = 0; i < n; i += 10) links.push(n, i);
  return { nodeCount: n + 1, links: Uint32Array.from(links) };
}

describe('the sample the layout engines are timed on', () => {
  it('is the graph itself when the graph is small', () => {
    const graph = ringWithHub(100);
    expect(calibrationSample(graph, 2048)).toBe(graph);
  });

  it('holds at most the asked number of stars, linked among themselves, starting at the best-linked one', () => {
    const graph = ringWithHub(10_000);
    const sample = calibrationSample(graph, 500);
    expect(sample.nodeCount).toBe(500);
    expect(Math.max(...sample.links)).toBeLessThan(500);
    // The hub (sample node 0) keeps its links to the ring nodes taken: it is where the sample starts.
    let hubLinks = 0;
    for (let k = 0; k < sample.links.length; k += 2) if (sample.links[k] === 0 || sample.links[k + 1] === 0) hubLinks++;
    expect(hubLinks).toBeGreaterThanOrEqual(450);
    // Every sample node is linked to another.
    const degree = new Uint32Array(sample.nodeCount);
    for (const node of sample.links) degree[node]++;
    expect(degree.every((d) => d > 0)).toBe(true);
  });

  it('goes on in other components where the best-linked one is small, and leaves unlinked stars out', () => {
    // 3,000 pairs and 1,000 unlinked stars.
    const links: number[] = [];
    for (let i = 0; i < 3000; i++) links.push(2 * i, 2 * i + 1);
    const sample = calibrationSample({ nodeCount: 7000, links: Uint32Array.from(links) }, 1000);
    expect(sample.nodeCount).toBe(1000);
    expect(sample.links.length).toBe(1000);
  });
});

import { describe, expect, it } from 'vitest';
import { importGraph } from '../../../src/importers';

/** An edge list of `lines` links, long enough for several progress reports. */
function edgeList(lines: number): Uint8Array {
  const rows: string[] = ['source,target'];
  for (let i = 0; i < lines; i++) rows.push(`package-${i},package-${(i * 7919) % lines}`);
  return new TextEncoder().encode(rows.join('\n'));
}

describe('how far an import has parsed (the percentage while "Reading the graph in …")', () => {
  it('rises from 0 towards 1 while an edge list is read, never going back', () => {
    const shares: number[] = [];
    const graph = importGraph(edgeList(200_000), 'big.csv', undefined, (share) => shares.push(share));
    expect(graph.sources.length).toBeGreaterThan(0);
    expect(shares.length).toBeGreaterThan(5);
    expect(shares.every((share, i) => share >= 0 && share <= 1 && (i === 0 || share >= shares[i - 1]))).toBe(true);
    expect(shares[0]).toBeLessThan(0.2);
    expect(shares.at(-1)).toBeGreaterThan(0.9);
  });

  it('is reported for BGP paths too, and the result is the same with or without it', () => {
    const paths = Array.from({ length: 60_000 }, (_, i) => `${i % 500} ${(i * 31) % 500} 65000`).join('\n');
    const bytes = new TextEncoder().encode(paths);
    const shares: number[] = [];
    const watched = importGraph(bytes, 'paths.txt', 'bgp', (share) => shares.push(share));
    const plain = importGraph(bytes, 'paths.txt', 'bgp');
    expect(shares.length).toBeGreaterThan(0);
    expect(Array.from(watched.sources)).toEqual(Array.from(plain.sources));
    expect(watched.labels).toEqual(plain.labels);
  });
});

import { describe, expect, it } from 'vitest';
import { colourCommunities, CONSTELLATION_PALETTE, PALETTE_SIZE, paletteDistance, type CommunityGraph } from '../../../src/constellations/palette';

/** A community graph from undirected weighted pairs. */
function graphOf(sizes: number[], pairs: Array<[number, number, number]>): CommunityGraph {
  const lists: Array<Array<[number, number]>> = sizes.map(() => []);
  for (const [a, b, w] of pairs) {
    lists[a].push([b, w]);
    lists[b].push([a, w]);
  }
  const offsets = [0];
  const targets: number[] = [];
  const weights: number[] = [];
  for (const list of lists) {
    for (const [t, w] of list) {
      targets.push(t);
      weights.push(w);
    }
    offsets.push(targets.length);
  }
  return { sizes, offsets, targets, weights };
}

/** sRGB relative luminance of 0xRRGGBBAA. */
function luminance(rgba: number): number {
  const channel = (shift: number) => {
    const c = ((rgba >>> shift) & 255) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(24) + 0.7152 * channel(16) + 0.0722 * channel(8);
}

describe('constellation colours', () => {
  it('are readable on the dark sky and distinct from each other, the first ones most', () => {
    expect(CONSTELLATION_PALETTE).toHaveLength(PALETTE_SIZE);
    expect(new Set(CONSTELLATION_PALETTE).size).toBe(PALETTE_SIZE);
    for (const colour of CONSTELLATION_PALETTE) expect((luminance(colour) + 0.05) / 0.05, colour.toString(16)).toBeGreaterThanOrEqual(7);
    const nearestAmong = (n: number) => {
      let nearest = Infinity;
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) nearest = Math.min(nearest, paletteDistance(i, j));
      return nearest;
    };
    expect(nearestAmong(6)).toBeGreaterThan(nearestAmong(12));
    expect(nearestAmong(12)).toBeGreaterThan(nearestAmong(PALETTE_SIZE));
    // OKLab tells colours apart from about 0.02.
    expect(nearestAmong(PALETTE_SIZE)).toBeGreaterThan(0.03);
  });

  it('give the biggest communities the most distinct colours', () => {
    const sizes = [5, 900, 40, 300, 7000, 12];
    const colours = colourCommunities(graphOf(sizes, []));
    // Biggest first: 7000, 900, 300, 40, 12, 5 take entries 0..5.
    expect([colours[4], colours[1], colours[3], colours[2], colours[5], colours[0]]).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('never give neighbouring communities the same colour while they have fewer neighbours than colours', () => {
    // A 10 x 10 grid of communities with diagonals: 8 neighbours each, 100 communities, 4x the palette.
    const side = 10;
    const pairs: Array<[number, number, number]> = [];
    const id = (x: number, y: number) => y * side + x;
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        if (x + 1 < side) pairs.push([id(x, y), id(x + 1, y), 10]);
        if (y + 1 < side) pairs.push([id(x, y), id(x, y + 1), 10]);
        if (x + 1 < side && y + 1 < side) pairs.push([id(x, y), id(x + 1, y + 1), 3]);
        if (x > 0 && y + 1 < side) pairs.push([id(x, y), id(x - 1, y + 1), 3]);
      }
    }
    const sizes = Array.from({ length: side * side }, (_, i) => 1000 - ((i * 37) % 1000));
    const colours = colourCommunities(graphOf(sizes, pairs));
    for (const [a, b] of pairs) {
      expect(colours[a], `${a}-${b}`).not.toBe(colours[b]);
      expect(paletteDistance(colours[a], colours[b]), `${a}-${b}`).toBeGreaterThan(0.04);
    }
  });

  it('separate the most linked neighbours first when there are more neighbours than colours', () => {
    // A hub touching 30 communities: its heaviest neighbour must not share its colour.
    const pairs: Array<[number, number, number]> = Array.from({ length: 30 }, (_, i) => [0, i + 1, i === 29 ? 1000 : 1]);
    for (let i = 1; i < 30; i++) pairs.push([i, i + 1, 1]);
    const sizes = [10, ...Array.from({ length: 30 }, (_, i) => 1000 - i)];
    const colours = colourCommunities(graphOf(sizes, pairs));
    expect(colours[30]).not.toBe(colours[0]);
  });

  it('are the same every time for the same graph', () => {
    const pairs: Array<[number, number, number]> = [[0, 1, 5], [1, 2, 5], [2, 3, 1], [3, 0, 2], [4, 2, 8]];
    const sizes = [50, 40, 40, 10, 9];
    expect([...colourCommunities(graphOf(sizes, pairs))]).toEqual([...colourCommunities(graphOf(sizes, pairs))]);
  });
});

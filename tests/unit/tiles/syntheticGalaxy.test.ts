import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { labelAt } from '../../../src/data/labelIndex';
import { classicData, removeTempFolders, syntheticVersion } from '../../support/tiledFixtures';

afterAll(removeTempFolders);

describe('synthetic galaxy generator', () => {
  const stars = 20_000;
  const first = syntheticVersion(stars, 11);
  const data = classicData(first);

  it('writes the same bytes for the same seed and others for another seed', () => {
    const again = syntheticVersion(stars, 11);
    const other = syntheticVersion(stars, 12);
    for (const file of ['positions.bin', 'links.bin', 'labels.json']) {
      expect(readFileSync(path.join(again, file)).equals(readFileSync(path.join(first, file)))).toBe(true);
      expect(readFileSync(path.join(other, file)).equals(readFileSync(path.join(first, file)))).toBe(false);
    }
  });

  it('is read by the viewer without a warning, with about 2.5 links per star', () => {
    expect(data.warnings).toEqual([]);
    expect(data.nodeCount).toBe(stars);
    expect(data.edgeCount / stars).toBeGreaterThan(2.2);
    expect(data.edgeCount / stars).toBeLessThan(2.8);
  });

  it('spans about ±10000 like the published galaxies, flatter in z', () => {
    let maxAbs = 0;
    let spreadXY = 0;
    let spreadZ = 0;
    for (let i = 0; i < stars; i++) {
      maxAbs = Math.max(maxAbs, Math.abs(data.positions[i * 3]), Math.abs(data.positions[i * 3 + 1]), Math.abs(data.positions[i * 3 + 2]));
      spreadXY += Math.abs(data.positions[i * 3]) + Math.abs(data.positions[i * 3 + 1]);
      spreadZ += 2 * Math.abs(data.positions[i * 3 + 2]);
    }
    expect(maxAbs).toBeGreaterThan(7000);
    expect(maxAbs).toBeLessThanOrEqual(10_000);
    expect(spreadZ).toBeLessThan(spreadXY / 2);
  });

  it('has power-law in-degrees: a few hubs, most stars with few links', () => {
    const inDegrees = Array.from({ length: stars }, (_, i) => data.inOffsets[i + 1] - data.inOffsets[i]).sort((a, b) => b - a);
    const mean = data.edgeCount / stars;
    expect(inDegrees[0]).toBeGreaterThan(50 * mean);
    // Like npm (76% never linked to, the top 1% receiving 75% of links), if less extreme.
    expect(inDegrees[Math.floor(stars / 2)]).toBe(0);
    const top = inDegrees.slice(0, stars / 100).reduce((sum, d) => sum + d, 0);
    expect(top / data.edgeCount).toBeGreaterThan(0.4);
  });

  it('links mostly near stars', () => {
    const distance = (a: number, b: number) =>
      Math.hypot(data.positions[a * 3] - data.positions[b * 3], data.positions[a * 3 + 1] - data.positions[b * 3 + 1], data.positions[a * 3 + 2] - data.positions[b * 3 + 2]);
    const linked: number[] = [];
    const random: number[] = [];
    for (let source = 0; source < stars; source++) {
      for (let e = data.outOffsets[source]; e < data.outOffsets[source + 1]; e++) {
        linked.push(distance(source, data.outTargets[e]));
        random.push(distance(source, (source * 7919 + e) % stars));
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    expect(median(linked)).toBeLessThan(median(random) / 5);
  });

  it('names stars like packages, of realistic lengths, unique', () => {
    const names = Array.from({ length: stars }, (_, i) => labelAt(data, i));
    const mean = names.reduce((sum, name) => sum + name.length, 0) / stars;
    expect(mean).toBeGreaterThan(6);
    expect(mean).toBeLessThan(20);
    expect(new Set(names).size).toBeGreaterThan(stars * 0.99);
    expect(names.some((name) => name.startsWith('@'))).toBe(true);
    expect(names.every((name) => /^[@A-Za-z0-9][\w@/.\-"À-ɏ]*$/.test(name))).toBe(true);
  });
});

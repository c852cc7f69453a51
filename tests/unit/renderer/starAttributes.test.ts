import { describe, expect, it } from 'vitest';
import { normalizeClearColor, clearColorRgb } from '../../../src/renderer/clearColor';
import { visibleLinkIndices, linkColorAt, maxVisibleEdgeLengthSquared } from '../../../src/renderer/linkIndices';
import { StarAttributes, type StarAttributeChange } from '../../../src/renderer/starAttributes';
import { HOVER_COLOR, starSize, starSizes } from '../../../src/renderer/starStyle';

describe('star attribute rules (docs/rules.md#renderer)', () => {
  it('needs three coordinates per star', () => {
    expect(() => new StarAttributes([1, 2])).toThrow('Each particle is expected to have three coordinates');
    expect(() => new StarAttributes(undefined as unknown as number[])).toThrow('Each particle is expected to have three coordinates');
  });

  it('converts plain arrays and defaults to white, size 15', () => {
    const view = new StarAttributes([1, 2, 3, 4, 5, 6]);
    expect(view.coordinates).toBeInstanceOf(Float32Array);
    expect(view.count).toBe(2);
    expect([...view.colors]).toEqual(new Array(8).fill(255));
    expect([...view.sizes]).toEqual([15, 15]);
  });

  it('replaces coordinates, colours and sizes only with a Float32Array of the original length', () => {
    const view = new StarAttributes(new Float32Array(6));
    expect(() => view.replaceCoordinates(new Float32Array(3))).toThrow('Coordinates expect Float32Array and the size should be the same as original');
    expect(() => view.replaceCoordinates([0, 0, 0, 0, 0, 0])).toThrow('Coordinates expect Float32Array and the size should be the same as original');
    expect(() => view.replaceColors(new Float32Array(4))).toThrow('Colors expect Float32Array and the size should be the same as original');
    expect(() => view.replaceSizes(new Uint8Array(2))).toThrow('Sizes expect Float32Array and the size should be the same as original');
    view.replaceSizes(new Float32Array([1, 2]));
    expect([...view.sizes]).toEqual([1, 2]);
    view.replaceColors(new Float32Array([255, 0, 0, 255, 0, 0, 255, 255]));
    expect(view.colorOf(0)).toBe(0xff0000ff);
    expect(view.colorOf(1)).toBe(0x0000ffff);
  });

  it('reports a one-star change so that only its bytes are written', () => {
    const view = new StarAttributes(new Float32Array(30));
    const changes: StarAttributeChange[] = [];
    view.onChange((c) => changes.push(c));
    view.setColor(4, HOVER_COLOR);
    view.setSize(4, 22.5);
    expect(changes).toEqual([
      { kind: 'colors', range: { start: 4, count: 1 } },
      { kind: 'sizes', range: { start: 4, count: 1 } },
    ]);
    expect([...view.colorBytes.subarray(16, 20)]).toEqual([255, 0, 0, 255]);
    expect(view.colorOf(3)).toBe(0xffffffff);
  });
});

describe('star style (docs/rules.md#renderer)', () => {
  it('sizes stars by in-degree, 30 for none', () => {
    expect(starSize(0, 10)).toBe(30);
    expect(starSize(10, 10)).toBe(215);
    expect(starSize(5, 10)).toBe(115);
    expect([...starSizes(new Uint32Array([0, 0, 2, 6]), 4)]).toEqual([30, 115, 215]);
  });

  it('clearColor falls back to 0 when not a number', () => {
    expect(normalizeClearColor('red')).toBe(0);
    expect(normalizeClearColor(undefined)).toBe(0);
    expect(normalizeClearColor(NaN)).toBe(0);
    expect(normalizeClearColor(0x102030)).toBe(0x102030);
    expect(clearColorRgb(0xff0080)).toEqual([1, 0, 128 / 255]);
  });
});

describe('visible links (docs/rules.md#renderer)', () => {
  // Node 0 at the origin links to nodes 1 (distance 200) and 2 (distance 100).
  const positions = new Float32Array([0, 0, 0, 200, 0, 0, 0, 100, 0]);
  const outOffsets = new Uint32Array([0, 2, 2, 3]);
  const outTargets = new Uint32Array([1, 2, 0]);

  it('omits an edge whose squared length exceeds ml² × s', () => {
    expect(maxVisibleEdgeLengthSquared(150, 1.75)).toBeCloseTo(39375);
    expect([...visibleLinkIndices(positions, outOffsets, outTargets, 150, 1.75)]).toEqual([0, 2, 2, 0]);
    expect([...visibleLinkIndices(positions, outOffsets, outTargets, 160, 1.75)]).toEqual([0, 1, 0, 2, 2, 0]);
    expect(visibleLinkIndices(positions, outOffsets, outTargets, 50, 1.75).length).toBe(0);
  });

  it('derives colours from positions over a 16000 range', () => {
    expect(linkColorAt(0, 8000, -8000)).toEqual([0.5, 1, 0]);
  });
});

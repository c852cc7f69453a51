import { describe, expect, it } from 'vitest';
import { FOOTPRINT_FADE_MS, FootprintFade } from '../../../../src/tiles/stream/footprintFade';

describe('FootprintFade (docs/tiles.md#stand-in-stars)', () => {
  it('grows a refining tile in from nothing and shrinks its parent to the new footprints over FOOTPRINT_FADE_MS, then stops', () => {
    const target = Float32Array.from([4, 4, 1, 1]);
    const fade = new FootprintFade();
    fade.settle(target, 'all');
    // The finer tile (slots 2, 3) arrives; the parent's stand-ins (slots 0, 1) now stand for fewer.
    fade.hold(target);
    target.set([2, 2], 0);
    fade.start({ start: 0, count: 2 }, false, 1000, target);
    fade.start({ start: 2, count: 2 }, true, 1000, target);
    expect([...fade.shownOf(target)]).toEqual([4, 4, 0, 0]);
    const halfway = fade.step(target, 1000 + FOOTPRINT_FADE_MS / 2);
    expect(halfway).toEqual([
      { start: 0, count: 2 },
      { start: 2, count: 2 },
    ]);
    expect([...fade.shownOf(target)]).toEqual([3, 3, 0.5, 0.5]);
    expect(fade.running).toBe(true);
    fade.step(target, 1000 + FOOTPRINT_FADE_MS);
    expect([...fade.shownOf(target)]).toEqual([2, 2, 1, 1]);
    expect(fade.running).toBe(false);
    expect(fade.step(target, 2000)).toEqual([]);
  });

  it('holds no column of its own at rest: the drawn footprints are the targets, before a fade and once the last one ended', () => {
    const target = Float32Array.from([0.3, 0.7, 1, 1]);
    const fade = new FootprintFade();
    expect(fade.shownOf(target)).toBe(target);
    fade.hold(target);
    target.set([0.1, 0.9], 0);
    fade.start({ start: 0, count: 2 }, false, 0, target);
    fade.start({ start: 2, count: 2 }, true, 0, target);
    expect(fade.shownOf(target)).not.toBe(target);
    fade.step(target, FOOTPRINT_FADE_MS / 3);
    fade.settle(target, { start: 2, count: 2 });
    expect(fade.shownOf(target)).not.toBe(target);
    fade.step(target, FOOTPRINT_FADE_MS);
    expect(fade.shownOf(target)).toBe(target);
    expect([...fade.shownOf(target)]).toEqual([...Float32Array.from([0.1, 0.9, 1, 1])]);
  });

  it('ends a fade at once where slots are placed, freed or moved', () => {
    const target = Float32Array.from([1, 1]);
    const fade = new FootprintFade();
    fade.hold(target);
    fade.start({ start: 0, count: 2 }, true, 0, target);
    expect([...fade.shownOf(target)]).toEqual([0, 0]);
    fade.settle(target, { start: 0, count: 2 });
    expect([...fade.shownOf(target)]).toEqual([1, 1]);
    expect(fade.running).toBe(false);
  });
  it("steps and reports only the slots whose footprints change: a parent's stand-ins change only in the octant its new child covers", () => {
    // A parent of 6 slots: only slots 2 and 3 (the octant of the child now drawn) stand for fewer stars.
    const target = Float32Array.from([2, 3, 4, 4, 3, 2]);
    const fade = new FootprintFade();
    fade.hold(target);
    target.set([1, 1], 2);
    fade.start({ start: 0, count: 6 }, false, 0, target);
    const halfway = fade.step(target, FOOTPRINT_FADE_MS / 2);
    expect(halfway).toEqual([{ start: 2, count: 2 }]);
    expect([...fade.shownOf(target)]).toEqual([2, 3, 2.5, 2.5, 3, 2]);
    expect(fade.step(target, FOOTPRINT_FADE_MS)).toEqual([{ start: 2, count: 2 }]);
    expect(fade.shownOf(target)).toBe(target);
  });

  it('starts no fade where a rewrite changed nothing: no step, no slot reported', () => {
    const target = Float32Array.from([2, 2, 1]);
    const fade = new FootprintFade();
    fade.hold(target);
    fade.start({ start: 0, count: 3 }, false, 0, target);
    expect(fade.running).toBe(false);
    expect(fade.step(target, FOOTPRINT_FADE_MS / 2)).toEqual([]);
    expect(fade.shownOf(target)).toBe(target);
  });
});

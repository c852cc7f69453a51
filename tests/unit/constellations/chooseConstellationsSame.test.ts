import { mat4 } from 'gl-matrix';
import { constellationLevel } from '../../../src/constellations/constellationLevel';
import { describe, expect, it } from 'vitest';
import { chooseConstellations, chooseConstellationsInto, ConstellationChoice, constellationTree, followConstellations, type ConstellationView } from '../../../src/constellations/constellationNames';
import { seededRandom as random } from '../../../src/layout/random';
import { chooseConstellationsReference } from '../../support/chooseConstellationsReference';
import { npmShapedLevels } from '../../support/npmShapedLevels';

/** A camera at a random place (inside the galaxy to far outside it) looking at a random point near it, with a random screen. */
function randomView(next: () => number): ConstellationView {
  const distance = Math.pow(10, 1 + next() * 3.3);
  const direction = [next() - 0.5, next() - 0.5, next() - 0.5];
  const length = Math.hypot(...direction) || 1;
  const eye = direction.map((v) => (v / length) * distance) as [number, number, number];
  const target: [number, number, number] = [(next() - 0.5) * 1500, (next() - 0.5) * 1500, (next() - 0.5) * 1500];
  const cssWidth = 300 + Math.floor(next() * 1700), cssHeight = 300 + Math.floor(next() * 1000);
  const projection = mat4.perspective(mat4.create(), (Math.PI / 180) * (20 + next() * 70), cssWidth / cssHeight, 0.1, 1e7);
  const view = mat4.lookAt(mat4.create(), eye, target, [0, 1, 0]);
  return { viewProjection: mat4.multiply(mat4.create(), projection, view), cssWidth, cssHeight, focalCssPx: (cssHeight / 2) * projection[5] };
}

describe('the constellation choice walks only what the camera can change', () => {
  it('chooses the same constellations, places, spans and strengths as the whole walk, for 3000 random cameras on a tree of npm\'s size', () => {
    const next = random(27);
    const tree = constellationTree({ levels: npmShapedLevels(next).map(constellationLevel) }, 1, { centre: [0, 0, 0], radius: 1000 });
    const counts = { communitiesVisited: 0 };
    const referenceCounts = { communitiesVisited: 0 };
    let named = 0;
    for (let i = 0; i < 3000; i++) {
      const view = randomView(next);
      const budget = 1 + Math.floor(next() * 40);
      const chosen = chooseConstellations(tree, view, budget, counts);
      expect(chosen).toEqual(chooseConstellationsReference(tree, view, budget, referenceCounts));
      named += chosen.length;
    }
    // The cameras name something, so that the comparison is not of empty lists; the walk looks at less.
    expect(named).toBeGreaterThan(3000);
    expect(counts.communitiesVisited).toBeLessThan(referenceCounts.communitiesVisited);
  });

  it('from inside the galaxy, names the same as the whole walk and looks at under a third of the tree: what is behind the camera or beside the view is not walked', () => {
    const next = random(39);
    const tree = constellationTree({ levels: npmShapedLevels(next).map(constellationLevel) }, 1, { centre: [0, 0, 0], radius: 1000 });
    const counts = { communitiesVisited: 0 };
    const referenceCounts = { communitiesVisited: 0 };
    let named = 0;
    for (let i = 0; i < 400; i++) {
      // A flight's camera inside npm's galaxy: 1280 x 800, 45 degrees, looking somewhere near the middle.
      const direction = [next() - 0.5, next() - 0.5, next() - 0.5];
      const length = Math.hypot(...direction) || 1;
      const distance = 50 + next() * 900;
      const eye = direction.map((v) => (v / length) * distance) as [number, number, number];
      const projection = mat4.perspective(mat4.create(), Math.PI / 4, 1280 / 800, 0.1, 1e7);
      const look = mat4.lookAt(mat4.create(), eye, [(next() - 0.5) * 600, (next() - 0.5) * 600, (next() - 0.5) * 600], [0, 1, 0]);
      const view: ConstellationView = { viewProjection: mat4.multiply(mat4.create(), projection, look), cssWidth: 1280, cssHeight: 800, focalCssPx: 400 * projection[5] };
      const chosen = chooseConstellations(tree, view, 10, counts);
      expect(chosen).toEqual(chooseConstellationsReference(tree, view, 10, referenceCounts));
      named += chosen.length;
    }
    expect(named).toBeGreaterThan(400 * 5);
    expect(counts.communitiesVisited).toBeLessThan(referenceCounts.communitiesVisited / 3);
  });

  it('written over one kept choice, camera after camera, chooses the same as the whole walk without new arrays: a flight\'s frames make no object per name', () => {
    const next = random(53);
    const tree = constellationTree({ levels: npmShapedLevels(next).map(constellationLevel) }, 1, { centre: [0, 0, 0], radius: 1000 });
    const choice = new ConstellationChoice();
    // The first choice at the largest budget makes the arrays; the rest are written into them.
    chooseConstellationsInto(tree, randomView(next), 40, choice);
    const arrays = [choice.level, choice.id, choice.x, choice.y, choice.span, choice.strength];
    let named = 0;
    for (let i = 0; i < 1000; i++) {
      const view = randomView(next);
      const budget = 1 + Math.floor(next() * 40);
      expect(chooseConstellationsInto(tree, view, budget, choice)).toBe(choice);
      const written = Array.from({ length: choice.length }, (_, k) => ({ level: choice.level[k], id: choice.id[k], x: choice.x[k], y: choice.y[k], span: choice.span[k], strength: choice.strength[k] }));
      const reference = chooseConstellationsReference(tree, view, budget).map(({ level, id, x, y, span, strength }) => ({ level, id, x, y, span, strength }));
      expect(written).toEqual(reference);
      named += choice.length;
    }
    expect(named).toBeGreaterThan(1000);
    expect([choice.level, choice.id, choice.x, choice.y, choice.span, choice.strength]).toEqual(arrays);
    for (const [k, array] of arrays.entries()) expect([choice.level, choice.id, choice.x, choice.y, choice.span, choice.strength][k]).toBe(array);
  });

  it('followed to the next frames of a moving camera, keeps only constellations the walk names there, each where and as wide as the walk has it, strongest first; followed to its own camera, is the choice unchanged', () => {
    const next = random(71);
    const tree = constellationTree({ levels: npmShapedLevels(next).map(constellationLevel) }, 1, { centre: [0, 0, 0], radius: 1000 });
    const projection = mat4.perspective(mat4.create(), Math.PI / 4, 1280 / 800, 0.1, 1e7);
    const viewFrom = (eye: number[], target: number[]): ConstellationView => {
      const look = mat4.lookAt(mat4.create(), eye as [number, number, number], target as [number, number, number], [0, 1, 0]);
      return { viewProjection: mat4.multiply(mat4.create(), projection, look), cssWidth: 1280, cssHeight: 800, focalCssPx: 400 * projection[5] };
    };
    const entries = (choice: ConstellationChoice) => Array.from({ length: choice.length }, (_, k) => ({ level: choice.level[k], id: choice.id[k], x: choice.x[k], y: choice.y[k], span: choice.span[k], strength: choice.strength[k] }));
    const choice = new ConstellationChoice();
    let kept = 0, dropped = 0;
    for (let i = 0; i < 300; i++) {
      const direction = [next() - 0.5, next() - 0.5, next() - 0.5];
      const length = Math.hypot(...direction) || 1;
      const eye = direction.map((v) => (v / length) * (50 + next() * 3000));
      const target = [(next() - 0.5) * 600, (next() - 0.5) * 600, (next() - 0.5) * 600];
      const first = viewFrom(eye, target);
      chooseConstellationsInto(tree, first, 10, choice);
      const chosen = entries(choice);
      expect(entries(followConstellations(tree, first, choice))).toEqual(chosen);
      // Six frames of a flight: the eye moves 1% of its distance a frame.
      for (let frame = 1; frame <= 6; frame++) {
        const view = viewFrom(eye.map((v) => v * (1 - 0.01 * frame)), target);
        const followed = entries(followConstellations(tree, view, choice));
        const walked = chooseConstellations(tree, view, 10_000);
        for (const entry of followed) {
          const same = walked.find((w) => w.level === entry.level && w.id === entry.id);
          expect(same).toBeDefined();
          expect([entry.x, entry.y, entry.span]).toEqual([same!.x, same!.y, same!.span]);
        }
        for (let k = 1; k < followed.length; k++) expect(followed[k - 1].strength).toBeGreaterThanOrEqual(followed[k].strength);
        kept += followed.length;
        dropped += chosen.length - followed.length;
      }
    }
    // Flights that name something, and a few names that leave the range or the screen on the way.
    expect(kept).toBeGreaterThan(300);
    expect(dropped).toBeGreaterThan(0);
  });
});

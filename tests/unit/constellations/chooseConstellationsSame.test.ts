import { mat4 } from 'gl-matrix';
import { constellationLevel } from '../../../src/constellations/constellationLevel';
import { describe, expect, it } from 'vitest';
import type { CommunityLevelJson } from '../../../src/communities/format';
import { chooseConstellations, constellationTree, type ConstellationView } from '../../../src/constellations/constellationNames';
import { seededRandom as random } from '../../../src/layout/random';
import { chooseConstellationsReference } from '../../support/chooseConstellationsReference';

/**
 * A tree shaped as tiled npm's (1568 / 1485 / 40 communities; most of the middle level carried up
 * from the finest with one child; a top level without resolution, its gatherings never named; an
 * unlinked community at each level), communities scattered in clusters over a galaxy of radius 1000.
 */
function npmShapedLevels(next: () => number): CommunityLevelJson[] {
  const fine = 1568, middle = 1485, top = 40;
  const level = (count: number, resolution: number | null, parent: number[] | undefined): CommunityLevelJson => ({
    count,
    resolution,
    modularity: 0.5,
    unlinked: count - 1,
    size: [],
    centre: [],
    parent,
    name: Array.from({ length: count }, (_, c) => (c % 97 === 5 ? '' : `community ${count}-${c}`)),
    top: [],
  });
  const topCentres = Array.from({ length: top }, () => [(next() - 0.5) * 1600, (next() - 0.5) * 1600, (next() - 0.5) * 1600]);
  // Middle communities: the first (fine - middle + 1) gather several fine ones, the rest one each.
  const middleParent = Array.from({ length: middle }, (_, m) => (m === middle - 1 ? top - 1 : Math.floor(next() * (top - 1))));
  const fineParent = Array.from({ length: fine }, (_, f) => (f === fine - 1 ? middle - 1 : f < middle - 1 ? f : Math.floor(next() * 40)));
  const levels = [level(fine, 1, fineParent), level(middle, 1, middleParent), level(top, null, undefined)];
  const middleCentres = middleParent.map((p) => topCentres[p].map((v) => v + (next() - 0.5) * 300));
  levels[0].centre = fineParent.flatMap((p) => middleCentres[p].map((v) => v + (next() - 0.5) * 60));
  levels[0].size = fineParent.map(() => 1 + Math.floor(Math.pow(next(), 6) * 5000));
  levels[1].centre = middleCentres.flat();
  levels[1].size = middleParent.map((_, m) => fineParent.reduce((sum, p, f) => (p === m ? sum + levels[0].size[f] : sum), 0));
  levels[2].centre = topCentres.flat();
  levels[2].size = topCentres.map((_, t) => middleParent.reduce((sum, p, m) => (p === t ? sum + levels[1].size[m] : sum), 0));
  levels.forEach((l) => (l.top = l.size.map(() => [])));
  return levels;
}

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
});

import type { CommunityLevelJson } from '../../src/communities/format';

/**
 * A tree shaped as tiled npm's (1568 / 1485 / 40 communities; most of the middle level carried up
 * from the finest with one child; a top level without resolution, its gatherings never named; an
 * unlinked community at each level), communities scattered in clusters over a galaxy of radius 1000.
 */
export function npmShapedLevels(next: () => number): CommunityLevelJson[] {
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


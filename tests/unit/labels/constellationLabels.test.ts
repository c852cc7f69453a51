import { describe, expect, it, vi } from 'vitest';
import { childListsOf, type ConstellationTree } from '../../../src/constellations/constellationNames';
import { NameColumn } from '../../../src/constellations/nameColumn';
import { LabelAtlas, type Rasterizer } from '../../../src/labels/labelAtlas';
import { intersects, PlacementGrid, type LabelBox } from '../../../src/labels/placeLabels';
import { StarLabels, type LabelStars } from '../../../src/labels/starLabels';
import { firstStackedPlace, stackedCandidates } from '../../../src/labels/constellationLabels';
import { LABEL_MARGIN_CSS_PX } from '../../../src/labels/constants';
import { CameraRest } from '../../../src/scene/cameraRest';

const rasterizer: Rasterizer = {
  measure: (text) => [...text].length * 7,
  draw: (_text, width, height) => new Float32Array(width * height).fill(0.6),
};

/** 60 stars on a grid filling the screen (clip space is world space here), each named "star <id>". */
function gridOfStars(): LabelStars {
  const positions = new Float32Array(60 * 3);
  for (let id = 0; id < 60; id++) {
    positions[id * 3] = -0.8 + (id % 6) * 0.3;
    positions[id * 3 + 1] = -0.85 + Math.floor(id / 6) * 0.19;
  }
  return { positions, sizes: new Float32Array(60).fill(0.1), name: (slot) => `star ${slot}`, starOfSlot: (slot) => slot, slotOfStar: (star) => (star >= 0 && star < 60 ? star : -1) };
}

/** One constellation at the centre of the screen, about a quarter of it wide; the galaxy's radius decides whether the camera (10 away) is outside it. */
function oneConstellation(galaxyRadius: number): ConstellationTree {
  return {
    centres: [Float64Array.of(0.05, 0.02, 0)],
    radii: [Float64Array.of(0.1)],
    diffuse: [new Uint8Array(1)],
    children: [childListsOf(undefined, 1)],
    names: [new NameColumn(['react · react-dom · 13,984 packages'])],
    unlinked: [-1],
    centre: [0, 0, 0],
    radius: galaxyRadius,
  };
}

const camera = { viewProjection: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], position: [0, 0, 10], width: 1000, cssWidth: 1000, cssHeight: 1000 };

async function namedWith(tree: ConstellationTree, from: typeof camera = camera) {
  const labels = new StarLabels(new LabelAtlas(rasterizer), from, new CameraRest(), () => {});
  labels.setStars(gridOfStars());
  labels.setConstellations(tree);
  let now = 0;
  for (let i = 0; i < 300 && !(labels.settled && i > 2); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    labels.frame((now += 50));
  }
  return { stars: labels.placedLabels(), constellations: labels.placedConstellations() };
}

describe('constellation names among star names', () => {
  it('from outside the galaxy, take their place first, larger than star names, and no star name covers them', async () => {
    const { stars, constellations } = await namedWith(oneConstellation(1));
    expect(constellations.map((c) => c.text)).toEqual(['react · react-dom · 13,984 packages']);
    const [constellation] = constellations;
    expect(constellation.opacity).toBeGreaterThan(0.9);
    expect(constellation.height).toBeGreaterThan(stars[0].height * 1.4);
    // Centred on the community's centre (x 0.05, y 0.02 in clip space).
    expect(constellation.x + constellation.width / 2).toBeCloseTo(525, 0);
    expect(stars.length).toBeGreaterThan(10);
    for (const star of stars) expect(intersects(star, constellation)).toBe(false);
  });

  it('inside the galaxy, come after the star names and fit between them, or are left out', async () => {
    const outside = await namedWith(oneConstellation(1));
    const inside = await namedWith(oneConstellation(100));
    // Star names keep their places: at least as many as when the constellation went first.
    expect(inside.stars.length).toBeGreaterThanOrEqual(outside.stars.length);
    for (const constellation of inside.constellations) for (const star of inside.stars) expect(intersects(star, constellation)).toBe(false);
  });

  it('whose centres crowd together are each named, stacked over them, while each name stays within its community', async () => {
    const names = ['react · react-dom · 13,984 packages', 'lodash · async · 12,001 packages', 'express · debug · 11,500 packages', 'chalk · mkdirp · 10,002 packages'];
    const crowded: ConstellationTree = {
      ...oneConstellation(1),
      centres: [Float64Array.of(0.05, 0.02, 0, 0.06, 0.03, 0, 0.04, 0.01, 0, 0.05, 0.03, 0)],
      radii: [Float64Array.of(0.3, 0.3, 0.3, 0.3)],
      diffuse: [new Uint8Array(4)],
      children: [childListsOf(undefined, names.length)],
      names: [new NameColumn(names)],
      unlinked: [-1],
    };
    const { constellations } = await namedWith(crowded);
    expect(constellations.map((c) => c.text).sort()).toEqual([...names].sort());
    for (const a of constellations) for (const b of constellations) if (a !== b) expect(intersects(a, b)).toBe(false);
  });
});

describe('the constellations chosen for a camera', () => {
  it('are chosen once while the camera stays put (the frames of a fade walk the tree no more), again once it moves, and placed as a fresh choice places them', async () => {
    const still = { ...camera, viewProjection: [...camera.viewProjection], position: [...camera.position] };
    const labels = new StarLabels(new LabelAtlas(rasterizer), still, new CameraRest(), () => {});
    labels.setStars(gridOfStars());
    labels.setConstellations(oneConstellation(1));
    let now = 0, frames = 0;
    for (let i = 0; i < 300 && !(labels.settled && i > 2); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      labels.frame((now += 50));
      frames++;
    }
    expect(frames).toBeGreaterThan(5);
    expect(labels.placedConstellations().map((c) => c.text)).toEqual(['react · react-dom · 13,984 packages']);
    const walkedAtRest = labels.stats.communitiesVisited;
    expect(walkedAtRest).toBeGreaterThan(0);
    // The one community is a gate, tested, then visited: two a choice, and one choice for the camera.
    expect(walkedAtRest).toBe(2);
    // The camera moves 0.1 to the right in clip space: 50 CSS px.
    const before = labels.placedConstellations()[0];
    still.viewProjection[12] = 0.1;
    labels.cameraMoved();
    labels.frame((now += 50));
    expect(labels.stats.communitiesVisited).toBe(walkedAtRest * 2);
    const moved = labels.placedConstellations()[0];
    expect(moved.x - before.x).toBeCloseTo(50, 6);
    const fresh = await namedWith(oneConstellation(1), still);
    expect(fresh.constellations.map(({ x, y, width, height }) => ({ x, y, width, height }))).toEqual([{ x: moved.x, y: moved.y, width: moved.width, height: moved.height }]);
  });
});

/**
 * StarLabels over a copy of `camera` (the test moves it), with one constellation (and the grid of
 * stars, `withStars`), its frames drawn 50 ms apart until the names settle; the last frame's time.
 */
async function namedAtRest(withStars: boolean) {
  const moving = { ...camera, viewProjection: [...camera.viewProjection], position: [...camera.position] };
  const labels = new StarLabels(new LabelAtlas(rasterizer), moving, new CameraRest(), () => {});
  if (withStars) labels.setStars(gridOfStars());
  labels.setConstellations(oneConstellation(1));
  let now = 0;
  for (let i = 0; i < 300 && !(labels.settled && i > 2); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    labels.frame((now += 50));
  }
  return { moving, labels, now };
}

describe('the names of a moving camera', () => {
  it('cut a name out of its community\'s list of names once while it stays named, not at every frame, and still follow the camera', async () => {
    const named = await namedAtRest(true);
    const { moving, labels } = named;
    let now = named.now;
    const before = labels.placedConstellations()[0];
    expect(before?.text).toBe('react · react-dom · 13,984 packages');
    const cuts = vi.spyOn(NameColumn.prototype, 'at');
    try {
      // 30 frames, the camera 2 CSS px further right at each.
      for (let frame = 1; frame <= 30; frame++) {
        moving.viewProjection[12] = frame * 0.004;
        labels.cameraMoved();
        labels.frame((now += 50));
      }
      expect(cuts.mock.calls.length).toBe(0);
    } finally {
      cuts.mockRestore();
    }
    const after = labels.placedConstellations()[0];
    expect(after.name).toBe('react · react-dom · 13,984 packages');
    expect(after.x - before.x).toBeCloseTo(60, 6);
  });
});

describe('candidate places of a constellation name', () => {
  it('start at the centre, then go by rows within the reach and by quarter widths while the text spans the centre, nearest first', () => {
    const places = stackedCandidates(500, 300, 200, 20, 30);
    const offsets = places.map((p) => [p.x + p.width / 2 - 500, p.y + p.height / 2 - 300]);
    expect(offsets).toEqual([[0, 0], [0, -26], [0, 26], [-50, 0], [50, 0], [-50, -26], [50, -26], [-50, 26], [50, 26], [-100, 0], [100, 0], [-100, -26], [100, -26], [-100, 26], [100, 26]]);
    expect(stackedCandidates(500, 300, 200, 20, 10).map((p) => p.y)).toEqual([290, 290, 290, 290, 290]);
  });

  it('are tried in that order, and the first that fits is taken, whichever sizes and reaches came before', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 300; i++) {
      const [width, height, reach] = [20 + Math.round(random() * 200), 8 + Math.round(random() * 20), random() * 120];
      const taken = new Set([0, 1, 2, 3, 5, 8].filter(() => random() < 0.5));
      let tried = 0;
      const fits = () => !taken.has(tried++);
      const expected = stackedCandidates(400, 300, width, height, reach).find((_, k) => !taken.has(k));
      expect(firstStackedPlace(400, 300, width, height, reach, fits)).toEqual(expected);
    }
  });

  it('over a zoom that widens and narrows the reach, keep the nearest-first order of the rows in reach, sorted a few times, not once per row crossed', () => {
    const [width, height] = [137, 13];
    const rowStep = height + LABEL_MARGIN_CSS_PX, sideStep = width / 4;
    /** Every place within `reach`, nearest first (ties: higher first, then left first), as offsets of the centre. */
    const reference = (reach: number) => {
      const offsets: Array<[number, number]> = [];
      for (let row = -Math.floor(reach / rowStep); row * rowStep <= reach; row++) for (let side = -2; side <= 2; side++) offsets.push([side * sideStep + 0, row * rowStep + 0]);
      return offsets.sort((a, b) => Math.hypot(...a) - Math.hypot(...b) || a[1] - b[1] || a[0] - b[0]);
    };
    const reaches = Array.from({ length: 120 }, (_, i) => 3 + (i < 60 ? i : 119 - i) * 11.3);
    const expected = reaches.map(reference);
    const sorts = vi.spyOn(Array.prototype, 'sort');
    try {
      reaches.forEach((reach, i) => {
        const offsets = stackedCandidates(700, 400, width, height, reach).map((p) => [p.x + width / 2 - 700, p.y + height / 2 - 400]);
        expect(offsets).toEqual(expected[i]);
      });
      // The reach crosses some 40 rows each way; the sorts cover them in doublings.
      expect(sorts.mock.calls.length).toBeLessThanOrEqual(4);
    } finally {
      sorts.mockRestore();
    }
  });

  it('build no box per place tried: only the place taken is a box of its own', () => {
    const tried = new Set<object>();
    let left = 6;
    const place = firstStackedPlace(500, 300, 200, 20, 30, (box) => {
      tried.add(box);
      return --left === 0;
    });
    expect(place).toEqual(stackedCandidates(500, 300, 200, 20, 30)[5]);
    expect(tried.size).toBe(1);
    expect(tried.has(place!)).toBe(false);
  });
});

describe('a placement grid kept between frames', () => {
  it('answers after clear() as a new one does', () => {
    const boxes: LabelBox[] = [{ x: 10, y: 10, width: 100, height: 14 }, { x: 300, y: 200, width: 60, height: 14 }, { x: 60, y: 16, width: 80, height: 14 }];
    const kept = new PlacementGrid(640, 480);
    for (const box of boxes) kept.add(box);
    kept.clear();
    const fresh = new PlacementGrid(640, 480);
    for (const box of boxes) {
      expect(kept.fits(box)).toBe(fresh.fits(box));
      kept.add(box);
      fresh.add(box);
    }
    expect(kept.fits(boxes[0])).toBe(false);
    expect(kept.isFor(640, 480, [])).toBe(false);
  });
});

describe('the constellations named while the camera moves', () => {
  /** StarLabels with one constellation named at rest, the camera then moved 2 CSS px right at each of `frames` frames `frameMs` apart. */
  async function flown(frames: number, frameMs: number) {
    const named = await namedAtRest(false);
    const { moving, labels } = named;
    let now = named.now;
    const before = labels.placedConstellations()[0];
    const visitedAtRest = labels.stats.communitiesVisited;
    const xs: number[] = [];
    let animating = false;
    for (let frame = 1; frame <= frames; frame++) {
      moving.viewProjection[12] = frame * 0.004;
      labels.cameraMoved();
      animating = labels.frame((now += frameMs)).animating;
      xs.push(labels.placedConstellations()[0].x - before.x);
    }
    return { labels, moving, now, xs, animating, choices: (labels.stats.communitiesVisited - visitedAtRest) / 2 };
  }

  it('are chosen anew at most every 100 ms, the names chosen following the camera at every frame between', async () => {
    // 60 frames a second for half a second: the walk at 0, 100, 200, 300, 400 ms of it (one a choice here: gate and community, two visits).
    const { xs, choices } = await flown(30, 1000 / 60);
    expect(choices).toBeGreaterThanOrEqual(5);
    expect(choices).toBeLessThanOrEqual(6);
    xs.forEach((dx, i) => expect(dx).toBeCloseTo(2 * (i + 1), 6));
  });

  it('where frames come slower than every 100 ms, are chosen at every other frame, and still follow the camera at each', async () => {
    const { xs, choices } = await flown(30, 150);
    expect(choices).toBe(15);
    xs.forEach((dx, i) => expect(dx).toBeCloseTo(2 * (i + 1), 6));
  });

  it('are chosen for the camera at the first frame it rests, which the last moving frame asks for, as a fresh choice names them', async () => {
    const { labels, moving, now, animating, choices } = await flown(3, 1000 / 60);
    expect(choices).toBe(1);
    expect(animating).toBe(true);
    const visited = labels.stats.communitiesVisited;
    labels.frame(now + 1000 / 60);
    expect(labels.stats.communitiesVisited).toBe(visited + 2);
    const fresh = await namedWith(oneConstellation(1), moving);
    const place = ({ x, y, width, height, text }: { x: number; y: number; width: number; height: number; text: string }) => ({ x, y, width, height, text });
    expect(labels.placedConstellations().map(place)).toEqual(fresh.constellations.map(place));
  });
});

describe('a constellation name under a panel', () => {
  it('tries no place while a panel covers every place it may take, and is named as ever once the panel is gone', async () => {
    const labels = new StarLabels(new LabelAtlas(rasterizer), camera, new CameraRest(), () => {});
    labels.setConstellations(oneConstellation(1));
    // Over the community's centre (525, 490 CSS px) and its reach up and down.
    labels.setKeepClear([{ x: 300, y: 300, width: 500, height: 400 }]);
    let now = 0;
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      labels.frame((now += 50));
    }
    const tries = vi.spyOn(PlacementGrid.prototype, 'fits');
    try {
      for (let i = 0; i < 10; i++) {
        labels.cameraMoved();
        labels.frame((now += 50));
      }
      expect(labels.placedConstellations()).toEqual([]);
      expect(tries.mock.calls.length).toBe(0);
    } finally {
      tries.mockRestore();
    }
    labels.setKeepClear([]);
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      labels.frame((now += 50));
    }
    const free = await namedWith(oneConstellation(1));
    expect(labels.placedConstellations().map((c) => [c.text, c.x, c.y])).toEqual(free.constellations.map((c) => [c.text, c.x, c.y]));
  });
});

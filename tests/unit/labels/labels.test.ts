import { describe, expect, it } from 'vitest';
import { CandidateScan } from '../../../src/labels/candidateScan';
import { LABEL_DENSITY_CELL_CSS_PX, LABEL_DENSITY_MAX_COVER, LABEL_MARGIN_CSS_PX, LABEL_PANEL_MARGIN_CSS_PX } from '../../../src/labels/constants';
import { POINT_SIZE_FACTOR } from '../../../src/renderer/starStyle';
import { distanceField } from '../../../src/labels/distanceField';
import { LabelAtlas, type Rasterizer } from '../../../src/labels/labelAtlas';
import { rowsToUpload } from '../../../src/labels/labelQuads';
import { displayText, fitText, REPLACEMENT } from '../../../src/labels/labelText';
import { boxBeside, intersects, panelCoversEverySide, placeLabels, placeOne, PlacementGrid, type PlacementRequest } from '../../../src/labels/placeLabels';
import { keyCommand } from '../../../src/controls/keys';
import { parseViewQuery, writeViewQuery } from '../../../src/url/viewQuery';

const plain = { shiftKey: false, ctrlKey: false, metaKey: false, altKey: false };

describe('the N key and the URL key n', () => {
  it('N toggles names by physical key, not with ctrl or meta', () => {
    expect(keyCommand({ ...plain, code: 'KeyN' })).toBe('toggle-names');
    expect(keyCommand({ ...plain, code: '', keyCode: 78 })).toBe('toggle-names');
    expect(keyCommand({ ...plain, code: 'KeyN', ctrlKey: true })).toBeUndefined();
    expect(keyCommand({ ...plain, code: 'KeyN', metaKey: true })).toBeUndefined();
  });

  it('n=0 hides names, n=1 or no n shows them, and the choice is written back', () => {
    expect(parseViewQuery('n=0').showNames).toBe(false);
    expect(parseViewQuery('cx=1&l=1&n=0').showNames).toBe(false);
    expect(parseViewQuery('n=1').showNames).toBe(true);
    expect(parseViewQuery('').showNames).toBe(true);
    const hidden = writeViewQuery(parseViewQuery('cx=1&l=1&n=0'));
    expect(new URLSearchParams(hidden).get('n')).toBe('0');
    expect(parseViewQuery(hidden).showNames).toBe(false);
    expect(new URLSearchParams(writeViewQuery(parseViewQuery('cx=1&n=1'))).has('n')).toBe(false);
  });

  it('n alone does not turn links off (it is not a view key)', () => {
    expect(parseViewQuery('n=0').showLinks).toBe(true);
  });
});

describe('label text', () => {
  it('keeps markup, CJK, RTL and combining marks as they are', () => {
    for (const name of ['<b>bold</b> star', '東京タワー', 'שלום עולם', 'e\u0301te\u0301']) expect(displayText(name)).toBe(name);
  });

  it('replaces control characters and unpaired surrogates with U+FFFD, folds white space', () => {
    expect(displayText('a\u0000b')).toBe(`a${REPLACEMENT}b`);
    expect(displayText('x\uD800y')).toBe(`x${REPLACEMENT}y`);
    expect(displayText('x\uDC00')).toBe(`x${REPLACEMENT}`);
    expect(displayText('😀')).toBe('😀');
    expect(displayText('  two\n\tlines ')).toBe('two lines');
  });

  it('cuts a long name at a grapheme with an ellipsis to fit', () => {
    const measure = (t: string) => [...t].length * 10;
    expect(fitText('short', 100, measure)).toBe('short');
    const cut = fitText('a-very-long-package-name', 100, measure);
    expect(cut.endsWith('…')).toBe(true);
    expect(measure(cut)).toBeLessThanOrEqual(100);
    // A base letter and its combining accent stay together.
    expect(fitText('e\u0301e\u0301e\u0301e\u0301', 30, measure)).toBe('e\u0301…');
  });
});

describe('distance field', () => {
  it('is 0.5 on the edge, above inside, below outside', () => {
    const width = 20, height = 20;
    const coverage = new Float32Array(width * height);
    for (let y = 5; y < 15; y++) for (let x = 5; x < 15; x++) coverage[y * width + x] = 1;
    const field = distanceField(coverage, width, height, 4);
    expect(field[10 * width + 10]).toBe(255); // deep inside
    expect(field[0]).toBe(0); // far outside
    const inside = field[10 * width + 5], outside = field[10 * width + 4];
    expect(inside).toBeGreaterThan(127);
    expect(outside).toBeLessThan(128);
    expect(field[10 * width + 3]).toBeLessThan(outside); // falls off with distance
  });
});

describe('label atlas', () => {
  const rasterizer: Rasterizer = {
    measure: (text) => [...text].length * 10,
    draw: (_text, width, height) => new Float32Array(width * height).fill(0.6),
  };

  it('packs names on shelves, reuses entries and reports the rows it wrote', () => {
    const atlas = new LabelAtlas(rasterizer);
    const a = atlas.add('alpha', 'alpha')!;
    const again = atlas.add('alpha', 'alpha');
    expect(again).toBe(a);
    const b = atlas.add('beta', 'beta')!;
    expect(b.x).toBe(a.x + a.w);
    expect(b.y).toBe(a.y);
    // The rows of the shelf, and the one below it (filtering at a name's lower edge reaches it).
    const rows = atlas.takeDirtyRows();
    expect(rows.start).toBe(0);
    expect(rows.end).toBe(a.h + 1);
    expect(atlas.takeDirtyRows().end).toBe(0);
  });

  it('when full, packs the names in use again from the top with their texels and drops the others', () => {
    const atlas = new LabelAtlas(rasterizer);
    const h = atlas.add('probe', 'probe')!.h;
    atlas.clear();
    // Wide names, each field filled with its own number, so that moved texels can be recognised.
    const named = (i: number) => ({ text: `name-${i}`, textTexels: 900, w: 1000, h, field: new Uint8Array(1000 * h).fill(1 + (i % 250)) });
    const names: string[] = [];
    while (atlas.insert(`name-${names.length}`, named(names.length))) names.push(`name-${names.length}`);
    const kept = names.filter((_, i) => i % 10 === 3);
    const texelOf = (name: string) => atlas.data[atlas.get(name)!.y * atlas.width + atlas.get(name)!.x + 8];
    const before = new Map(kept.map((name) => [name, texelOf(name)]));
    atlas.takeDirtyRows();
    expect(atlas.compact((name) => kept.includes(name))).toBe(true);
    expect(atlas.size).toBe(kept.length);
    expect(atlas.get(kept[0])).toMatchObject({ x: 0, y: 0 });
    for (const name of kept) expect(texelOf(name)).toBe(before.get(name));
    // Moved in place: past the kept names every texel is 0 again.
    const last = atlas.get(kept.at(-1)!)!;
    expect(atlas.data.subarray((last.y + 1) * atlas.width - 1, (last.y + 1) * atlas.width).every((t) => t === 0)).toBe(true);
    expect(atlas.data.subarray((last.y + last.h) * atlas.width).every((t) => t === 0)).toBe(true);
    // Only the rows in use are uploaded again, and the row below them (filtering at a name's lower edge reaches it).
    expect(atlas.usedRows).toBeLessThan(atlas.height / 4);
    expect(atlas.takeDirtyRows()).toEqual({ start: 0, end: atlas.usedRows + 1 });
    expect(rowsToUpload({ atlas, dirtyRows: { start: 0, end: 0 }, quads: new Float32Array(0), count: 0 }, undefined)).toEqual({ start: 0, end: atlas.usedRows });
    expect(atlas.insert('new', named(999))).toBeDefined();
    // Full of names in use: it says no and changes nothing.
    for (let i = 0; atlas.insert(`more-${i}`, named(i)); i++);
    const size = atlas.size;
    expect(atlas.compact(() => true)).toBe(false);
    expect(atlas.size).toBe(size);
  });

  it('compacts in place: runs of kept neighbours and lone names keep every texel, whatever shelf they move to', () => {
    const atlas = new LabelAtlas(rasterizer);
    const h = atlas.add('probe', 'probe')!.h;
    atlas.clear();
    // Narrow names of two widths, each field a gradient of its own, so that a texel moved to the wrong place shows.
    const fieldOf = (i: number, w: number) => Uint8Array.from({ length: w * h }, (_, t) => 1 + ((i * 7 + t) % 250));
    const named = (i: number) => {
      const w = i % 3 === 0 ? 150 : 90;
      return { text: `name-${i}`, textTexels: w - 12, w, h, field: fieldOf(i, w) };
    };
    const names: string[] = [];
    while (atlas.insert(`name-${names.length}`, named(names.length))) names.push(`name-${names.length}`);
    // Runs of neighbours (the names a flight still shows are the latest ones) and scattered ones.
    const kept = new Set(names.filter((_, i) => i % 11 === 0 || (i > names.length - 300 && i % 5 !== 1) || (i % 40 >= 20 && i % 40 < 26)));
    expect(atlas.compact((name) => kept.has(name))).toBe(true);
    let wrong = 0;
    for (const name of kept) {
      const entry = atlas.get(name)!;
      const field = fieldOf(Number(name.slice(5)), entry.w);
      for (let row = 0; row < entry.h; row++) {
        for (let t = 0; t < entry.w; t++) if (atlas.data[(entry.y + row) * atlas.width + entry.x + t] !== field[row * entry.w + t]) wrong++;
      }
    }
    expect(wrong).toBe(0);
    const inUse = [...kept].reduce((sum, name) => sum + atlas.get(name)!.w * h, 0);
    expect(atlas.data.reduce((count, t) => count + (t === 0 ? 0 : 1), 0)).toBe(inUse);
  });

  it('says when it is full; cleared, it starts a new generation', () => {
    const atlas = new LabelAtlas(rasterizer);
    let added = 0;
    while (atlas.add(`name-${added}`, 'x'.repeat(20))) added++;
    expect(added).toBeGreaterThan(100);
    atlas.clear();
    expect(atlas.size).toBe(0);
    expect(atlas.generation).toBe(1);
    expect(atlas.add('again', 'again')).toBeDefined();
  });
});

describe('placement', () => {
  const request = (id: number, x: number, y: number, side?: 0 | 1 | 2 | 3): PlacementRequest => ({ id, x, y, radius: 4, width: 60, height: 14, side });

  it('puts a name beside its star, not over it', () => {
    const box = boxBeside(request(1, 100, 100), 0);
    expect(box.x).toBeGreaterThan(104);
    expect(box.y + box.height / 2).toBe(100);
  });

  it('never lets two names overlap, and leaves out a name that fits nowhere', () => {
    const grid = new PlacementGrid(400, 300);
    const requests = Array.from({ length: 60 }, (_, i) => request(i, 150 + (i % 6) * 3, 150 + Math.floor(i / 6) * 3));
    const placed = placeLabels(requests, grid, 300);
    expect(placed.length).toBeGreaterThan(1);
    expect(placed.length).toBeLessThan(60);
    for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(intersects(placed[i], placed[j])).toBe(false);
    for (const box of placed) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(400);
    }
  });

  it('keeps the side a name had while it still fits', () => {
    const grid = new PlacementGrid(400, 300);
    const [placed] = placeLabels([request(1, 200, 150, 1)], grid, 10);
    expect(placed.side).toBe(1);
  });

  it('keeps clear of the page\'s panels, by a margin', () => {
    const search = { x: 0, y: 0, width: 200, height: 40 };
    const grid = new PlacementGrid(400, 300, [search]);
    // A star just under the search box: its name goes below it, not beside it under the box.
    const [placed] = placeLabels([request(1, 60, 48)], grid, 10);
    expect(placed).toBeDefined();
    expect(intersects(placed, search, LABEL_PANEL_MARGIN_CSS_PX)).toBe(false);
    // A star under the box itself is not named.
    expect(placeLabels([request(2, 100, 20)], grid, 10)).toEqual([]);
  });

  it('tells when a panel covers every side a star\'s name may take: then no side fits, and near the panel\'s edge one may', () => {
    const panel = { x: 100, y: 100, width: 200, height: 150 };
    let covered = 0;
    for (let k = 0; k < 2000; k++) {
      const r = { id: k, x: 80 + ((k * 37) % 240), y: 80 + ((k * 53) % 190), radius: (k % 5) * 1.5, width: 20 + (k % 7) * 9, height: 12 };
      const grid = new PlacementGrid(400, 300, [panel]);
      if (!panelCoversEverySide(grid, r.x, r.y, r.radius)) continue;
      covered++;
      expect(placeOne(r, grid)).toBeUndefined();
    }
    expect(covered).toBeGreaterThan(500);
    // A big star just inside the panel's right edge: its name fits to the right, outside the panel's margin.
    const grid = new PlacementGrid(400, 300, [panel]);
    const nearEdge = { id: 1, x: 295, y: 170, radius: 10, width: 40, height: 12 };
    expect(panelCoversEverySide(grid, nearEdge.x, nearEdge.y, nearEdge.radius)).toBe(false);
    expect(placeOne(nearEdge, grid)?.side).toBe(0);
  });

  it('answers as testing the box against every panel and every name placed: a random screen of names and panels', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let screen = 0; screen < 20; screen++) {
      const width = 300 + random() * 900, height = 200 + random() * 700;
      const panels = Array.from({ length: Math.floor(random() * 4) }, () => ({ x: random() * width, y: random() * height, width: 20 + random() * 200, height: 10 + random() * 120 }));
      const grid = new PlacementGrid(width, height, panels);
      const placed: { x: number; y: number; width: number; height: number }[] = [];
      for (let k = 0; k < 300; k++) {
        // Some boxes reach past the screen's edges.
        const box = { x: random() * (width + 80) - 40, y: random() * (height + 40) - 20, width: 10 + random() * 120, height: 8 + random() * 20 };
        const margin = random() < 0.5 ? undefined : random() * 8;
        const fitsAll =
          box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height &&
          panels.every((panel) => !intersects(box, panel, LABEL_PANEL_MARGIN_CSS_PX)) &&
          placed.every((other) => !intersects(box, other, margin ?? LABEL_MARGIN_CSS_PX));
        expect(grid.fits(box, { density: false, margin })).toBe(fitsAll);
        // Placed whether it fits or not, as a fading name is: the grid then holds boxes past the edges too.
        if (fitsAll || random() < 0.2) {
          grid.add(box, false);
          placed.push(box);
        }
      }
      grid.clear();
      expect(grid.fits({ x: 0, y: 0, width: 1, height: 1 }, { density: false })).toBe(panels.every((panel) => !intersects({ x: 0, y: 0, width: 1, height: 1 }, panel, LABEL_PANEL_MARGIN_CSS_PX)));
    }
  });

  it('fits no box with a part that is not a number', () => {
    const grid = new PlacementGrid(400, 300);
    for (const box of [{ x: NaN, y: 10, width: 10, height: 10 }, { x: 10, y: 10, width: NaN, height: 10 }, { x: 10, y: Infinity, width: 10, height: 10 }]) expect(grid.fits(box)).toBe(false);
    expect(grid.fits({ x: 10, y: 10, width: 10, height: 10 })).toBe(true);
  });

  it('keeps a margin between names', () => {
    const grid = new PlacementGrid(1000, 1000);
    const placed = placeLabels(Array.from({ length: 40 }, (_, i) => request(i, 100 + (i % 8) * 90, 100 + Math.floor(i / 8) * 30)), grid, 300);
    for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(intersects(placed[i], placed[j], LABEL_MARGIN_CSS_PX - 0.01)).toBe(false);
  });

  it('thins out by density: the names centred in a square cover at most a tenth of it, the first always fits', () => {
    const cell = LABEL_DENSITY_CELL_CSS_PX;
    const grid = new PlacementGrid(cell * 4, cell * 4);
    // A crowd of stars spread evenly over the screen, many more than fit.
    const crowd = Array.from({ length: 400 }, (_, i) => request(i, 10 + (i % 20) * (cell / 5), 10 + Math.floor(i / 20) * (cell / 5)));
    const placed = placeLabels(crowd, grid, 300);
    const covered = new Map<number, number>();
    for (const box of placed) {
      const key = Math.floor((box.y + box.height / 2) / cell) * 4 + Math.floor((box.x + box.width / 2) / cell);
      covered.set(key, (covered.get(key) ?? 0) + box.width * box.height);
    }
    for (const area of covered.values()) expect(area).toBeLessThanOrEqual(Math.max(60 * 14, cell * cell * LABEL_DENSITY_MAX_COVER));
    const total = placed.reduce((sum, box) => sum + box.width * box.height, 0);
    expect(total / (cell * cell * 16)).toBeLessThan(0.15);
    // Every square still has a name.
    expect(covered.size).toBe(16);
  });

  it('stops at the budget', () => {
    const grid = new PlacementGrid(4000, 3000);
    const requests = Array.from({ length: 50 }, (_, i) => request(i, 100 + (i % 10) * 300, 100 + Math.floor(i / 10) * 300));
    expect(placeLabels(requests, grid, 7)).toHaveLength(7);
  });
  it('tries every side in one rewritten box, and the grid keeps the placement itself, not another box', () => {
    const grid = new PlacementGrid(400, 300);
    const tried = new Set<object>();
    let left = 3;
    const fits = grid.fits.bind(grid);
    grid.fits = (box, options) => {
      tried.add(box);
      return --left === 0 && fits(box, options);
    };
    const placement = placeOne(request(1, 200, 150), grid);
    expect(placement).toEqual({ id: 1, side: 2, ...boxBeside(request(1, 200, 150), 2) });
    expect(tried.size).toBe(1);
    expect(tried.has(placement!)).toBe(false);
    grid.fits = fits;
    expect(grid.fits(placement!)).toBe(false);
  });
});

describe('candidate scan', () => {
  // Camera at the origin looking down -Z: identity view, a simple perspective.
  const f = 1 / Math.tan(Math.PI / 8);
  const viewProjection = new Float32Array([f, 0, 0, 0, 0, f, 0, 0, 0, 0, -1, -1, 0, 0, -2, 0]);
  const camera = { viewProjection, position: [0, 0, 0], pixelRatio: 1 };

  it('ranks stars by drawn size: big far stars and near small ones, behind the camera never', () => {
    const positions = new Float32Array([0, 0, -1000, 0, 0, -5000, 0, 0, -50, 0, 0, 100, 1e6, 0, -10]);
    const sizes = new Float32Array([15, 215, 15, 215, 215]);
    const scan = new CandidateScan(positions, sizes, 10, 3);
    scan.begin(camera);
    expect(scan.step(Infinity)).toBe(true);
    // Star 2 is near (105 px), star 1 big and far (15 px), star 0 small and far (5 px); 3 is behind, 4 off screen.
    expect([...scan.result()]).toEqual([2, 1, 0]);
  });

  it('works in slices under a deadline and keeps only the best', () => {
    const count = 20_000;
    const positions = new Float32Array(count * 3);
    for (let i = 0; i < count; i++) positions[i * 3 + 2] = -100 - i;
    const sizes = new Float32Array(count).fill(15);
    const scan = new CandidateScan(positions, sizes, 5, 0);
    scan.begin(camera);
    let clock = 0;
    let slices = 1;
    while (!scan.step(0, () => ++clock)) slices++;
    expect(slices).toBeGreaterThan(1);
    expect([...scan.result()]).toEqual([0, 1, 2, 3, 4]);
  });

  it('finds the same stars as scoring every star one by one', () => {
    // A seeded cloud around the camera: near small stars, far big ones, some behind and off screen.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const count = 5000;
    const positions = new Float32Array(count * 3).map(() => (random() - 0.5) * 4000);
    const sizes = new Float32Array(count).map(() => 15 + 200 * random() ** 8);
    const boosted = new Uint8Array(count).map(() => (random() < 0.002 ? 1 : 0));
    const scan = new CandidateScan(positions, sizes, 50, 0.6, boosted);
    scan.begin(camera);
    scan.step(Infinity);
    const scored = Array.from({ length: count }, (_, id) => {
      const [x, y, z] = positions.subarray(id * 3, id * 3 + 3);
      const w = -z;
      if (w <= 0 || Math.abs((f * x) / w) > 1 || Math.abs((f * y) / w) > 1) return undefined;
      const score = (sizes[id] * POINT_SIZE_FACTOR) / Math.hypot(x, y, z);
      if (!boosted[id] && score < 0.6) return undefined;
      return { id, score: score + (boosted[id] ? 1e6 : 0) };
    }).filter((s) => s !== undefined);
    const expected = scored.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, 50).map((s) => s.id);
    expect([...scan.result()]).toEqual(expected);
  });

  it('ranks boosted stars (search results) first', () => {
    const positions = new Float32Array([0, 0, -100, 0, 0, -9000]);
    const boosted = new Uint8Array([0, 1]);
    const scan = new CandidateScan(positions, new Float32Array([15, 15]), 10, 3, boosted);
    scan.begin(camera);
    scan.step(Infinity);
    expect([...scan.result()]).toEqual([1, 0]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { GalaxyScene } from '../../../src/scene/galaxyScene';
import { ShownGalaxies } from '../../../src/stars/shownGalaxy';
import { FakeTiledStars, type FakeTile } from '../../support/fakeTiledStars';
import { recordingRenderer } from '../../support/recordingRenderer';

const RED = [255, 0, 0, 255];
const WHITE = [255, 255, 255, 255];

/** Star 500 straight ahead of a camera at the origin looking down -Z; 7 and 42 beside it. */
const tileA: FakeTile = { stars: [500, 7, 42], positions: [0, 0, -500, 300, 0, -500, 0, 300, -500], sizes: [30, 40, 50] };
/** Star 900 nearer on the same line of sight. */
const tileB: FakeTile = { stars: [900, 901], positions: [0, 0, -300, 1000, 0, -300], sizes: [30, 30] };
const tileC: FakeTile = { stars: [1, 2, 3], positions: [5, 5, -900, 6, 6, -900, 7, 7, -900], sizes: [20, 20, 20] };

function tiledScene() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const stars = new FakeTiledStars(20, 1000, { min: [-5000, -4000, -3000], max: [5000, 4000, 3000] });
  const scene = new GalaxyScene();
  const { renderer, calls } = recordingRenderer();
  scene.attachRenderer(renderer);
  scene.resize(400, 300, 400, 300);
  // A tiled galaxy's names are its catalog's, each once its shard is in: none here.
  scene.show({ stars, names: { labelOf: () => undefined, onChange: () => () => {} } });
  return { scene, stars, calls };
}

/** The recorded colour and size of one slot in the last write of a slot range holding it. */
function lastWriteOf(calls: ReturnType<typeof recordingRenderer>['calls'], slot: number) {
  const update = calls.updates.findLast((u) => slot >= u.start && slot < u.start + u.count)!;
  const i = slot - update.start;
  return { color: update.colors.slice(i * 4, i * 4 + 4), size: update.sizes[i] };
}

describe('GalaxyScene drawing a tiled galaxy', () => {
  it('hands the renderer the pool of slots with the drawn cells, and counts drawn of all stars', () => {
    const { scene, stars, calls } = tiledScene();
    expect(calls.stars.at(-1)).toBe(20);
    stars.place(2, tileA);
    expect(calls.updates.at(-1)).toMatchObject({ start: 2, count: 3, positions: tileA.positions, sizes: tileA.sizes });
    expect(calls.cells.at(-1)).toMatchObject({ cells: 1, start: Uint32Array.from([2]), count: Uint32Array.from([3]) });
    expect(scene.starCounts).toEqual({ drawn: 3, total: 1000 });
  });

  it('answers in star numbers: positions, screen points, and the star picked is the nearest in a drawn cell', () => {
    const { scene, stars } = tiledScene();
    stars.place(2, tileA);
    stars.place(10, tileB, false);
    expect(scene.starPosition(42)).toEqual([0, 300, -500]);
    expect(scene.starPosition(900)).toEqual([0, 0, -300]);
    expect(scene.starPosition(5)).toBeUndefined(); // not loaded
    expect(scene.projectToClient(500)).toEqual({ x: 210, y: 170 });
    // The canvas sits at (10, 20): its centre looks straight down -Z.
    expect(scene.spatialIndexReady).toBe(true);
    expect(scene.pick(210, 170)).toBe(500); // 900 is nearer but its tile is not drawn
    stars.drawOnly([2, 10]);
    expect(scene.pick(210, 170)).toBe(900);
    expect(scene.pick(10, 20)).toBeUndefined();
  });

  it('keeps hover and highlight by star number across slot rewrites', () => {
    const { scene, stars, calls } = tiledScene();
    scene.setHovered(42); // not loaded yet: nothing to draw, but remembered
    scene.setHighlighted([7], 0x00ff00ff);
    expect(calls.colors).toEqual([]);
    stars.place(2, tileA);
    expect(lastWriteOf(calls, 4)).toEqual({ color: RED, size: 75 });
    expect(lastWriteOf(calls, 3)).toEqual({ color: [0, 255, 0, 255], size: 40 });
    expect(lastWriteOf(calls, 2)).toEqual({ color: WHITE, size: 30 });

    // The tile leaves and other stars take its slots: they are drawn plain.
    stars.free(2, 3);
    stars.place(2, tileC);
    for (const slot of [2, 3, 4]) expect(lastWriteOf(calls, slot)).toEqual({ color: WHITE, size: 20 });

    // It streams in again elsewhere: still hovered and highlighted.
    stars.place(12, tileA);
    expect(lastWriteOf(calls, 14)).toEqual({ color: RED, size: 75 });
    expect(lastWriteOf(calls, 13).color).toEqual([0, 255, 0, 255]);

    // Hover and highlight end on the star's present slot.
    scene.setHovered(undefined);
    expect(calls.colors.at(-1)).toEqual({ start: 14, count: 1, bytes: WHITE });
    expect(calls.sizes.at(-1)).toEqual({ start: 14, count: 1, values: [50] });
    scene.clearHighlighted();
    expect(calls.colors.at(-1)).toEqual({ start: 13, count: 1, bytes: WHITE });
  });

  it('places the camera by the whole galaxy\'s bounds, not by the stars loaded so far', () => {
    const { scene, stars } = tiledScene();
    stars.place(2, tileA);
    expect(scene.sceneHalfSize()).toBe(5000);
    const pose = scene.wholeGalaxyPose();
    expect(pose.position.slice(0, 2)).toEqual([0, 0]);
    // The bounding sphere (radius 7071) fits the 45° field: distance r / sin(22.5°) x 1.05.
    expect(pose.position[2]).toBeCloseTo((Math.hypot(10000, 8000, 6000) / 2 / Math.sin(Math.PI / 8)) * 1.05, -1);
  });

  it('tells the stars every camera move and resize', () => {
    const { scene, stars } = tiledScene();
    const before = stars.cameras.length;
    expect(before).toBeGreaterThan(0);
    scene.setCamera({ position: [100, 200, 300], orientation: [0, 0, 0, 1] });
    expect(stars.cameras.length).toBe(before + 1);
    expect(stars.cameras.at(-1)).toMatchObject({ position: [100, 200, 300], viewportHeight: 300 });
    expect(stars.cameras.at(-1)!.fovY).toBeCloseTo(Math.PI / 4);
    scene.setCamera({ position: [100, 200, 300], orientation: [0, 0, 0, 1] }); // no move, no plan
    expect(stars.cameras.length).toBe(before + 1);
    scene.resize(800, 600, 400, 300);
    expect(stars.cameras.at(-1)).toMatchObject({ viewportHeight: 600 });
  });

  it('hands the renderer only the link indices that changed from the version it holds, and the pairs whole otherwise', () => {
    const { scene, stars, calls } = tiledScene();
    stars.place(2, tileA);
    scene.setLinkSettings({ showLinks: true, maxVisibleDistance: 150, scale: 1.75 });
    stars.linksChanged(Uint32Array.from([2, 3, 2, 4, 3, 4]), [{ start: 0, count: 6 }]);
    // The first version the renderer sees: whole.
    expect(calls.links.at(-1)).toEqual([2, 3, 2, 4, 3, 4]);
    const sets = calls.links.length;
    // A tile's pair went, the last pair filled its place: one range of two indices, and the length.
    stars.linksChanged(Uint32Array.from([3, 4, 2, 4]), [{ start: 0, count: 2 }]);
    expect(calls.links.length).toBe(sets);
    expect(calls.linkWrites.at(-1)).toEqual({ length: 4, written: [{ start: 0, indices: [3, 4] }] });
    // A version the renderer never saw lies between: whole again.
    stars.linksChanged(Uint32Array.from([3, 4, 2, 4, 2, 3]), [{ start: 4, count: 2 }], 1);
    expect(calls.links.at(-1)).toEqual([3, 4, 2, 4, 2, 3]);
    expect(calls.linkWrites).toHaveLength(1);
    // Hidden, then shown: the renderer dropped them, so whole.
    scene.setLinkSettings({ showLinks: false, maxVisibleDistance: 150, scale: 1.75 });
    scene.setLinkSettings({ showLinks: true, maxVisibleDistance: 150, scale: 1.75 });
    expect(calls.links.at(-1)).toEqual([3, 4, 2, 4, 2, 3]);
    expect(calls.linkWrites).toHaveLength(1);
  });

  it('draws the stars\' link pairs while links are shown, asking again when they change', () => {
    const { scene, stars, calls } = tiledScene();
    stars.place(2, tileA);
    scene.setLinkSettings({ showLinks: true, maxVisibleDistance: 150, scale: 1.75 });
    expect(stars.linkSettings.at(-1)).toEqual({ showLinks: true, maxVisibleDistance: 150, scale: 1.75 });
    stars.linksArrived(Uint32Array.from([2, 3, 2, 4]));
    expect(calls.links.at(-1)).toEqual([2, 3, 2, 4]);
    scene.setLinkSettings({ showLinks: false, maxVisibleDistance: 150, scale: 1.75 });
    expect(calls.links.at(-1)).toBeUndefined();
  });

  it('flies to a star that is not loaded once the stars have located it', async () => {
    const { scene, stars } = tiledScene();
    stars.elsewhere.set(77, [0, 0, -2000]);
    let arrived = false;
    const flight = scene.flyTo(77).then(() => (arrived = true));
    expect(stars.located).toEqual([77]);
    await vi.waitFor(() => expect(scene.isCameraAnimating()).toBe(true));
    scene.setCamera({ position: [1, 2, 3], orientation: [0, 0, 0, 1] }); // the visitor takes over
    await flight;
    expect(arrived).toBe(true);
    expect(await scene.flyTo(5000)).toBeUndefined(); // no such star
    expect(stars.located).toEqual([77]);
  });

  it('gives way to a classic galaxy, and stops listening to the tiled one', () => {
    const { scene, stars, calls } = tiledScene();
    scene.show(new ShownGalaxies().of({ streamed: { name: 'x', version: '1', starCount: 1, positions: new Float32Array([1, 2, 3]), waitingFor: ['links', 'labels'] } }));
    expect(calls.stars.at(-1)).toBe(1);
    expect(scene.starCounts).toEqual({ drawn: 1, total: 1 });
    const updates = calls.updates.length;
    stars.place(2, tileA);
    expect(calls.updates.length).toBe(updates);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { LabelAtlas, type Rasterizer } from '../../../src/labels/labelAtlas';
import { StarLabels } from '../../../src/labels/starLabels';
import { GalaxyScene } from '../../../src/scene/galaxyScene';
import { FakeTiledGalaxy } from '../../support/fakeTiledGalaxy';
import { FakeTiledStars, type FakeTile } from '../../support/fakeTiledStars';
import { recordingRenderer } from '../../support/recordingRenderer';

const rasterizer: Rasterizer = {
  measure: (text) => [...text].length * 7,
  draw: (_text, width, height) => new Float32Array(width * height).fill(0.6),
};

/** Big stars in front of a camera at the origin looking down -Z, spread apart on screen. */
const tileA: FakeTile = { stars: [500, 7, 42], positions: [0, 0, -500, 200, 0, -500, 0, 200, -500], sizes: [200, 200, 200] };
/** Other stars, written later into tileA's slots. */
const tileB: FakeTile = { stars: [900, 901], positions: [-200, 0, -500, 0, -200, -500], sizes: [200, 200] };

/** A scene over fake tiled stars whose names are the fake catalog's "star <number>", in shards of 100. */
function tiledNamesScene() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  let labels: StarLabels | undefined;
  const scene = new GalaxyScene((camera, cameraRest, requestFrame) => (labels = new StarLabels(new LabelAtlas(rasterizer), camera, cameraRest, requestFrame)));
  const catalog = new FakeTiledGalaxy({ labels: Array.from({ length: 1000 }, (_, star) => `star ${star}`), shardSize: 100 });
  const stars = new FakeTiledStars(20, 1000, { min: [-1000, -1000, -1000], max: [1000, 1000, 1000] });
  scene.attachRenderer(recordingRenderer().renderer);
  scene.resize(400, 300, 400, 300);
  scene.show({ stars, names: catalog });
  scene.setCamera({ position: [0, 0, 0], orientation: [0, 0, 0, 1] });
  let now = 0;
  /** Lets the sliced label work run and draws frames until the names are settled. */
  const settle = async () => {
    for (let i = 0; i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      labels!.frame((now += 50));
      if (labels!.settled) break;
    }
    return scene.namedStars();
  };
  return { scene, stars, catalog, settle };
}

const ids = (labels: readonly { id: number }[]) => labels.map((l) => l.id).sort((a, b) => a - b);

describe('names of a tiled galaxy', () => {
  it('appear once their label shard has arrived, as star numbers beside their stars', async () => {
    const { scene, stars, catalog, settle } = tiledNamesScene();
    stars.place(2, tileA);
    expect(await settle()).toEqual([]);
    expect(catalog.askedLabelShards).toEqual(new Set([5, 0])); // 500 is in shard 5; 7 and 42 in shard 0
    catalog.arriveLabels(5);
    expect(ids(await settle())).toEqual([500]);
    catalog.arriveLabels(0);
    const named = await settle();
    expect(ids(named)).toEqual([7, 42, 500]);
    expect(named.find((l) => l.id === 42)?.name).toBe('star 42');
    const point = scene.projectToClient(7)!;
    const seven = named.find((l) => l.id === 7)!;
    // The canvas sits at (10, 20).
    expect(seven.starX + 10).toBeCloseTo(point.x, 3);
    expect(seven.starY + 20).toBeCloseTo(point.y, 3);
  });

  it('forget a slot that the stream rewrote: its old star is no longer named, the new one is', async () => {
    const { stars, catalog, settle } = tiledNamesScene();
    catalog.arriveLabels();
    stars.place(2, tileA);
    expect(ids(await settle())).toEqual([7, 42, 500]);
    stars.place(2, tileB); // slots 2 and 3 now hold 900 and 901; slot 4 still 42
    const named = await settle();
    expect(ids(named)).toEqual([42, 900, 901]);
    expect(Object.fromEntries(named.map((l) => [l.id, l.name]))).toEqual({ 42: 'star 42', 900: 'star 900', 901: 'star 901' });
    stars.free(2, 3);
    expect(await settle()).toEqual([]);
  });

  it('never names empty slots or stars outside the drawn cells', async () => {
    const { stars, catalog, settle } = tiledNamesScene();
    catalog.arriveLabels();
    stars.place(2, tileA);
    stars.place(10, tileB, false); // resident, not drawn
    expect(ids(await settle())).toEqual([7, 42, 500]);
    stars.drawOnly([10]);
    expect(ids(await settle())).toEqual([900, 901]);
  });

  it('names the hovered and selected stars (by star number) among many, and follows them to new slots', async () => {
    const { scene, stars, catalog, settle } = tiledNamesScene();
    catalog.arriveLabels();
    // Far small stars that are too narrow on screen to be named on their own.
    const far: FakeTile = { stars: [300, 301], positions: [100, 100, -9000, -100, -100, -9000], sizes: [1, 1] };
    stars.place(0, far);
    expect(await settle()).toEqual([]);
    scene.setHovered(301);
    scene.setSelected(300);
    expect(ids(await settle())).toEqual([300, 301]);
    stars.free(0, 2);
    stars.place(12, far);
    expect(ids(await settle())).toEqual([300, 301]);
  });
});

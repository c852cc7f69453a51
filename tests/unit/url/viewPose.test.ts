import { describe, expect, it, vi } from 'vitest';
import { GalaxyScene } from '../../../src/scene/galaxyScene';
import { openingPose } from '../../../src/url/viewPose';
import { FakeTiledStars } from '../../support/fakeTiledStars';
import { recordingRenderer } from '../../support/recordingRenderer';

/** A tiled galaxy's box before the scale s, as index.json gives it. */
const BOUNDS = { min: [-2000, -1000, -500], max: [3000, 1500, 800] };

describe('the camera a galaxy opens with, read from its address alone', () => {
  it("is the address's camera when it places one", () => {
    expect(openingPose('cx=10&cy=-20&cz=300&lx=0&ly=0.6&lz=0&lw=0.8', BOUNDS, 16 / 9)).toEqual({ position: [10, -20, 300], orientation: [0, 0.6, 0, 0.8] });
  });

  it('is the whole galaxy in view otherwise, the very pose the scene opens a tiled galaxy with, at any scale', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const [query, scale] of [['', 1.75], ['s=3', 3], ['cx=1e9&cy=0&cz=0&lx=0&ly=0&lz=0&lw=1', 1.75]] as const) {
      const scene = new GalaxyScene();
      scene.attachRenderer(recordingRenderer().renderer);
      scene.resize(1600, 900, 800, 450);
      const scaled = (corner: number[]) => corner.map((v) => v * scale) as [number, number, number];
      scene.show({ stars: new FakeTiledStars(10, 1000, { min: scaled(BOUNDS.min), max: scaled(BOUNDS.max) }), names: undefined });
      expect(openingPose(query, BOUNDS, 800 / 450)).toEqual(scene.wholeGalaxyPose());
    }
  });
});

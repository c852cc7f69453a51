import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstStarsScene } from '../../../src/boot/firstStarsOnWindow';
import type { EarlyGpu } from '../../../src/renderer/earlyGpu';

const isSoftwareContext = vi.fn((_gl: unknown) => true);
vi.mock('../../../src/renderer/webgl2/device', () => ({ isSoftwareContext: (gl: unknown) => isSoftwareContext(gl) }));
vi.mock('../../../src/renderer/webgl2/firstStars', () => ({ paintFirstStars: () => () => undefined }));
vi.mock('../../../src/boot/firstStarsOnWindow', () => ({
  firstStarsOnWindow: (_canvas: unknown, scene: FirstStarsScene, device: Parameters<FirstStarsScene>[1]) => ({ ...scene(1.6, device), viewport: { width: 1, height: 1, cssWidth: 1, cssHeight: 1 } }),
}));

const { startFirstStarsPainter } = await import('../../../src/boot/paintFirstStarsWebGL2');

const gpu = { webgl2: { context: () => ({ canvas: {} }), releaseWhenTaken: () => undefined } } as unknown as EarlyGpu;
const stars = { count: 0, positions: new Float32Array(0), sizes: new Float32Array(0) };
const pose = { position: [0, 0, 1], target: [0, 0, 0], up: [0, 1, 0] } as unknown as ReturnType<FirstStarsScene>['pose'];

describe("the entry's WebGL2 painter", () => {
  beforeEach(() => isSoftwareContext.mockClear());

  // Reading the renderer's name is a round trip to the GPU process, which may still be busy with
  // another page's frames: the root tile, drawn whole, does not need it before its frame.
  it('does not ask the GPU process what renders it for a scene that does not need it', async () => {
    const painter = await startFirstStarsPainter(gpu);
    expect(painter(() => ({ stars, pose }))).toBe(true);
    expect(isSoftwareContext).not.toHaveBeenCalled();
  });

  it('tells a scene that needs it (a classic galaxy sizing its first stars) whether a CPU rasteriser draws them', async () => {
    const painter = await startFirstStarsPainter(gpu);
    let seen: boolean | undefined;
    painter((_aspect, device) => {
      seen = device.softwareRasteriser;
      return { stars, pose };
    });
    expect(seen).toBe(true);
    expect(isSoftwareContext).toHaveBeenCalledTimes(1);
  });
});

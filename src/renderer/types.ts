import type { LabelQuads } from '../labels/labelQuads';
import type { Camera } from './camera';
import type { StarCells } from './starCells';

/** Indices start .. start + count - 1 of an array. */
export interface IndexRange {
  start: number;
  count: number;
}

/** Which GPU backend a renderer runs on. */
export type Backend = 'webgpu' | 'webgl2';

/**
 * Where a link end's colour comes from: its position over LINK_COLOR_RANGE (docs/rules.md#renderer),
 * or its star's drawn colour (the stars coloured by constellation).
 */
export type LinkColours = 'positions' | 'stars';

export interface RendererOptions {
  /** 0xRRGGBB; anything that is not a number means 0 (docs/rules.md#renderer). */
  clearColor?: unknown;
  /** What the page started before its first renderer (src/renderer/earlyGpu.ts), which the first renderer takes. */
  early?: { webgpu: EarlyWebGPUDeviceTaker };
  /**
   * Whether the backend times frames on the GPU (`Renderer.gpuFrameTimes`) where it can:
   * 'hardware' (the default) not on a CPU rasteriser, where the interval between frames is the cost;
   * 'always' there too (the gpu-render bench and tests in Node on SwiftShader); 'never' not at all
   * (the bench's per-pass timer writes its own timestamps). src/renderer/timesGpuFrames.ts.
   */
  gpuFrameTimes?: 'hardware' | 'always' | 'never';
}

/** The adapter and device a page started for its first WebGPU renderer, taken once. */
export interface EarlyWebGPUDeviceTaker {
  /** The started adapter and device, if any, and whether `canvas` is already configured for that device. */
  takeDevice(canvas: HTMLCanvasElement): Promise<{ started: { adapter: GPUAdapter; device: GPUDevice } | undefined; configured: boolean }>;
}

/**
 * What the scene asks of a GPU backend. WebGPU and WebGL2 implement it the same way:
 * stars from positions / RGBA8 colours / sizes by slot, drawn through cells, links as a line list of slots.
 */
export interface Renderer {
  readonly backend: Backend;
  /** The adapter or context runs on the CPU (SwiftShader, llvmpipe, ...): src/renderer/softwareRasteriser.ts. */
  readonly softwareRasteriser: boolean;
  readonly canvas: HTMLCanvasElement;
  /**
   * Replaces all stars, by slot (positions: 3 floats, colours: 4 bytes, sizes: 1 float per slot), as
   * a star source holds them: stored as given, only the slots in `cells` are drawn, and setStarCells
   * and updateStars change them later.
   */
  setStars(positions: Float32Array, colors: Uint8Array, sizes: Float32Array, cells: StarCells): void;
  /** The cells to draw from now on. */
  setStarCells(cells: StarCells): void;
  /** Writes positions, colours and sizes of slots start..start+count-1 (and only those bytes). */
  updateStars(start: number, count: number, positions: Float32Array, colors: Uint8Array, sizes: Float32Array): void;
  /** Writes only the colour bytes of slots start..start+count-1. */
  updateStarColors(colors: Uint8Array, start: number, count: number): void;
  /** Writes only the sizes of slots start..start+count-1. */
  updateStarSizes(sizes: Float32Array, start: number, count: number): void;
  /**
   * Writes the footprints (diameter factor after the two-pixel floor, docs/tiles.md#stand-in-stars)
   * of slots start..start+count-1; setStars makes every slot's 1.
   */
  updateStarFootprints(footprints: Float32Array, start: number, count: number): void;
  /** Pairs of slots to join with a line, or undefined for no links. */
  setLinks(pairs: Uint32Array | undefined): void;
  /**
   * The pairs set or written last, changed in the index ranges `changed` only and now `pairs.length`
   * long: writes those ranges instead of every pair again (pairs that grew past the room held are
   * set whole). Both backends implement it; optional so that stand-ins need not.
   */
  writeLinks?(pairs: Uint32Array<ArrayBuffer>, changed: readonly IndexRange[]): void;
  /** Where the links' end colours come from from the next render on; 'positions' until set. */
  setLinkColours(colours: LinkColours): void;
  /**
   * Star names drawn over the scene by the next renders: screen-space quads in CSS pixels over a
   * distance-field atlas (src/labels). Both backends implement it; optional so stand-ins need not.
   */
  setLabels?(labels: LabelQuads | undefined): void;
  /** Drawing-buffer size in device pixels. */
  resize(width: number, height: number): void;
  render(camera: Camera): void;
  /**
   * GPU milliseconds of the frames drawn earlier whose timings came in since the last call (timer
   * or timestamp queries); absent where the adapter has none, or on a CPU rasteriser, where the
   * interval between frames is the cost (the star budget, src/scene/sceneStarBudget.ts).
   */
  gpuFrameTimes?(): number[];
  /** Resolves when the GPU has finished the frames submitted so far (benchmarks only). */
  whenDrawn(): Promise<void>;
  /** Called once when the GPU device or context is lost for good; the scene then builds a new renderer. */
  onLost(listener: (reason: string) => void): void;
  /** Loses the device or context the way a driver reset would (tests of the recovery). */
  simulateLoss(): void;
  dispose(): void;
}

export class RendererUnavailableError extends Error {
  constructor(readonly backend: Backend, reason: string) {
    super(`${backend} is not available: ${reason}`);
    this.name = 'RendererUnavailableError';
  }
}

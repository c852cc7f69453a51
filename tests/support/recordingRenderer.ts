import { vi } from 'vitest';
import type { Camera } from '../../src/renderer/camera';
import type { StarCells } from '../../src/renderer/starCells';
import type { LinkColours, Renderer } from '../../src/renderer/types';

/** What a scene asked of its renderer, in order. */
export interface RendererCalls {
  /** Stars per setStars. */
  stars: number[];
  colors: Array<{ start: number; count: number; bytes: number[] }>;
  sizes: Array<{ start: number; count: number; values: number[] }>;
  links: Array<number[] | undefined>;
  /** Each writeLinks: the pairs' length and the ranges written, with their indices. */
  linkWrites: Array<{ length: number; written: Array<{ start: number; indices: number[] }> }>;
  /** Each setLinkColours, in order. */
  linkColours: LinkColours[];
  cells: StarCells[];
  updates: Array<{ start: number; count: number; positions: number[]; colors: number[]; sizes: number[] }>;
  renders: number;
}

/** A Renderer stand-in that records what the scene asks of it; its canvas sits at (left, top), 400 x 300. */
export function recordingRenderer(backend: Renderer['backend'] = 'webgl2', rect = { left: 10, top: 20 }): { renderer: Renderer; calls: RendererCalls } {
  const calls: RendererCalls = { stars: [], colors: [], sizes: [], links: [], linkWrites: [], linkColours: [], cells: [], updates: [], renders: 0 };
  const canvas = { dataset: {}, getBoundingClientRect: () => ({ ...rect, width: 400, height: 300 }) } as unknown as HTMLCanvasElement;
  const renderer: Renderer = {
    backend,
    softwareRasteriser: false,
    canvas,
    setStars: (positions, _colors, _sizes, cells) => {
      calls.stars.push(positions.length / 3);
      calls.cells.push(cells);
    },
    setStarCells: (cells) => calls.cells.push(cells),
    updateStars: (start, count, positions, colors, sizes) =>
      calls.updates.push({
        start,
        count,
        positions: [...positions.subarray(start * 3, (start + count) * 3)],
        colors: [...colors.subarray(start * 4, (start + count) * 4)],
        sizes: [...sizes.subarray(start, start + count)],
      }),
    updateStarColors: (colors, start, count) => calls.colors.push({ start, count, bytes: [...colors.subarray(start * 4, (start + count) * 4)] }),
    updateStarSizes: (sizes, start, count) => calls.sizes.push({ start, count, values: [...sizes.subarray(start, start + count)] }),
    updateStarFootprints: () => {},
    setLinks: (pairs) => calls.links.push(pairs ? [...pairs] : undefined),
    writeLinks: (pairs, changed) =>
      calls.linkWrites.push({ length: pairs.length, written: changed.map(({ start, count }) => ({ start, indices: [...pairs.subarray(start, start + count)] })) }),
    setLinkColours: (colours) => calls.linkColours.push(colours),
    resize: () => {},
    render: (_camera: Camera) => void calls.renders++,
    whenDrawn: async () => {},
    onLost: () => {},
    simulateLoss: () => {},
    dispose: vi.fn(),
  };
  return { renderer, calls };
}

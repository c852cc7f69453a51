import type { EarlyTiles } from '../data/earlyFiles';
import type { EarlyPositions } from '../data/loadTypes';
import type { BackendPolicy } from '../renderer/backendPolicy';
import type { EarlyGpu } from '../renderer/earlyGpu';
import { FIRST_STARS_MARK } from './firstStarsMark';
import type { FirstStarsPainter, FirstStarsScene } from './firstStarsOnWindow';

/**
 * How long after navigation the viewer's code waits for the entry to paint a galaxy's first stars
 * (ms). Evaluating that code holds the main thread for hundreds of milliseconds, during which
 * neither the tile worker could start nor a frame be drawn; past this, the viewer starts and the
 * stars come with it, as on a slow data host.
 */
export const FIRST_STARS_WAIT_MS = 1000;

/**
 * How long the viewer's code waits, past the first stars' frame submitted, for that frame to be
 * done on the GPU (ms): the wait (EarlyWebGPUDevice.firstStarsDone) is the frame's own milliseconds
 * on a GPU, 170-400 on SwiftShader, and should a rasteriser take longer still, the viewer starts.
 */
export const FIRST_STARS_DONE_WAIT_MS = 500;

/**
 * On a galaxy address, draws the first stars the early requests asked for (a tiled version's root
 * tile, a classic version's positions.bin) before the viewer's code has run, with the first backend of the policy's order that starts (each painter a
 * chunk of its own, loaded only then), as the renderer will: the first stars do not wait for the
 * viewer's own start. Resolves when there is nothing to draw, at FIRST_STARS_WAIT_MS after
 * navigation if they are not drawn by then, or once they are drawn: on WebGPU when their frame is
 * done on the GPU, or FIRST_STARS_DONE_WAIT_MS after it was submitted. Evaluating the viewer's code
 * holds the main thread for hundreds of milliseconds, and the frame's done callback, and the page's
 * rendering update that shows it, wait for the main thread; on a CPU rasteriser that evaluation
 * also takes the cores the frame is drawn on.
 */
export async function paintFirstStarsEarly(start: FirstStarsStart): Promise<void> {
  await viewerMayStart(paint(start).catch(() => undefined), Math.max(0, FIRST_STARS_WAIT_MS - performance.now()));
}

/**
 * Resolves when the viewer's code may run: when `drawn` says nothing was drawn, `deadlineMs` from
 * now if nothing is drawn by then, or once the stars are drawn and their frame is done on the GPU,
 * at most FIRST_STARS_DONE_WAIT_MS after they were.
 */
export async function viewerMayStart(drawn: Promise<DrawnFirstStars | undefined>, deadlineMs: number): Promise<void> {
  const deadline = new Promise<undefined>((resolve) => setTimeout(resolve, deadlineMs));
  const stars = await Promise.race([deadline, drawn]);
  if (stars) await Promise.race([stars.done, new Promise<void>((resolve) => setTimeout(resolve, FIRST_STARS_DONE_WAIT_MS))]);
}

/** What the first stars are drawn from: the page's address, its early files and what it started of the GPU. */
export interface FirstStarsStart {
  href: string;
  policy: BackendPolicy;
  files: { tiles(): Promise<EarlyTiles | undefined> | undefined; positions(): Promise<EarlyPositions | undefined> | undefined } | undefined;
  gpu: EarlyGpu;
}

/** The first stars drawn: `done` resolves when their frame is done on the GPU (at once on WebGL2). */
export interface DrawnFirstStars {
  done: Promise<void>;
}

async function paint({ href, policy, files, gpu }: FirstStarsStart): Promise<DrawnFirstStars | undefined> {
  askForFirstStarsCode(policy);
  // Started beside the manifest, not once it answered: on WebGPU the painter's start compiles the
  // stars' pipeline as soon as the device is there (startFirstStarsPainter), and on a CPU rasteriser
  // that compile took longer than positions.bin took to arrive after the manifest.
  const painter = firstPainter(policy, gpu);
  painter.catch(() => undefined);
  const [tiles, positions] = await Promise.all([files?.tiles(), files?.positions()]);
  const scene = tiles ? tileScene(href, tiles) : positions && classicStarsScene(href, positions);
  if (!scene) return undefined;
  const [paint, shown] = await Promise.all([painter, scene]);
  if (!shown || !paint?.(shown)) return undefined;
  performance.mark(FIRST_STARS_MARK);
  return { done: gpu.webgpu.firstStarsDone() };
}

async function tileScene(href: string, tiles: EarlyTiles): Promise<FirstStarsScene> {
  const [{ rootTileScene }, index, root] = await Promise.all([import('./rootTileStars'), tiles.index, tiles.root]);
  return rootTileScene(href, index, root);
}

async function classicStarsScene(href: string, positions: EarlyPositions): Promise<FirstStarsScene | undefined> {
  const [{ classicScene }, bytes] = await Promise.all([import('./classicFirstStars'), positions.bytes]);
  return bytes && classicScene(href, bytes);
}

/**
 * Asks for the code that draws the first stars while the manifest is asked for (each import is
 * taken again, from the module map, where it is used): asked for once the manifest answered, it
 * would wait beside the tile files. The build puts all of it in one chunk that the page already
 * preloads with the viewer (vite.config.ts, firstStarsChunk), so these imports take it from there.
 */
function askForFirstStarsCode(policy: BackendPolicy): void {
  const painter = policy.triesFirst('webgpu') ? import('./paintFirstStarsWebGPU') : import('./paintFirstStarsWebGL2');
  const chunks: Promise<unknown>[] = [import('./rootTileStars'), import('./classicFirstStars'), painter];
  for (const chunk of chunks) chunk.catch(() => undefined);
}

/** The painter of the first backend of the policy that starts: WebGPU where the entry's device came, else WebGL2 if allowed. */
async function firstPainter(policy: BackendPolicy, gpu: EarlyGpu): Promise<FirstStarsPainter | undefined> {
  const { started } = await policy.firstThatStarts(async (backend) => {
    const chunk = backend === 'webgpu' ? await import('./paintFirstStarsWebGPU') : await import('./paintFirstStarsWebGL2');
    return chunk.startFirstStarsPainter(gpu);
  });
  return started?.value;
}

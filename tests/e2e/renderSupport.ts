import { type Page, test } from '@playwright/test';
import { mat4, vec4 } from 'gl-matrix';
import { PNG } from 'pngjs';
import type { CameraPose } from '../../src/scene/scene';

export type BackendName = 'webgpu' | 'webgl2';

export interface Pixels {
  width: number;
  height: number;
  data: Buffer;
}

export const canvasLocator = (page: Page) => page.locator('canvas[data-testid="galaxy-canvas"]');

/** Star names are off (n=0) unless asked for, so that pictures of stars and links hold only those. */
export function galaxyUrl(backend: BackendName | undefined, name: string, pose?: CameraPose, links = false, names = false): string {
  const query = new URLSearchParams();
  if (pose) {
    const [x, y, z] = pose.position;
    const [qx, qy, qz, qw] = pose.orientation;
    query.set('cx', String(Math.round(x)));
    query.set('cy', String(Math.round(y)));
    query.set('cz', String(Math.round(z)));
    query.set('lx', qx.toFixed(4));
    query.set('ly', qy.toFixed(4));
    query.set('lz', qz.toFixed(4));
    query.set('lw', qw.toFixed(4));
  }
  query.set('l', links ? '1' : '0');
  if (!names) query.set('n', '0');
  const search = backend ? `?renderer=${backend}` : '';
  return `/${search}#/galaxy/${name}?${query.toString()}`;
}

/**
 * `budget=` that holds all of npm's 195,689 stars, for tests of a classic npm drawn whole (its
 * counts, its pictures, its whole graph's stats line). On this machine's software rasteriser a
 * whole galaxy opens at SOFTWARE_STAR_BUDGET (100,000) and draws a share of its cells instead;
 * tests/e2e/star-budget.spec.ts holds that.
 */
export const EVERY_NPM_STAR = 'budget=200k';

/**
 * The stats line in either form: a galaxy drawn whole ('galaxy-stats'), or one still streaming or
 * drawn within the star budget ('galaxy-stats-streaming', "{drawn} of {n} stars drawn").
 */
export const statsLine = (page: Page) => page.locator('[data-testid="galaxy-stats"], [data-testid="galaxy-stats-streaming"]');

/** npm's whole graph is in (its links counted, nothing streaming), drawn whole or within the star budget. */
export const NPM_WHOLE_GRAPH = /195,689 stars( drawn)? · 473,907 links$/;

/** Hides every panel over the canvas (help overlay, search box...) so that screenshots show only the stars. */
export async function hidePanels(page: Page): Promise<void> {
  await page.addStyleTag({ content: 'body * { visibility: hidden !important } .galaxy-canvas, .galaxy-canvas * { visibility: visible !important }' });
}

/** Opens a galaxy and waits until its stars are drawn by a renderer. */
export async function openGalaxy(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hidePanels(page);
  await page.waitForFunction(
    () => {
      const scene = window.galaxyScene;
      const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-testid="galaxy-canvas"]');
      return !!scene && !!canvas?.dataset.backend && scene.starPosition(0) !== undefined && scene.framesDrawn > 0;
    },
    null,
    { timeout: 60_000 },
  );
}

/** Waits until every frame asked for has been drawn (none pending for a few animation frames). */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const tick = () => {
          const frames = window.galaxyScene?.framesDrawn ?? -1;
          still = frames === last ? still + 1 : 0;
          last = frames;
          if (still >= 5) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

export async function canvasPixels(page: Page): Promise<Pixels> {
  await settle(page);
  const png = PNG.sync.read(await canvasLocator(page).screenshot());
  return { width: png.width, height: png.height, data: png.data };
}

export function pixelAt(pixels: Pixels, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * pixels.width + Math.round(x)) * 4;
  return [pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]];
}

/** Brightest channel sum in a (2r+1)² square around a point. */
export function brightestNear(pixels: Pixels, x: number, y: number, r = 1): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const px = Math.round(x) + dx, py = Math.round(y) + dy;
      if (px < 0 || py < 0 || px >= pixels.width || py >= pixels.height) continue;
      const p = pixelAt(pixels, px, py);
      if (p[0] + p[1] + p[2] > best[0] + best[1] + best[2]) best = p;
    }
  }
  return best;
}

/**
 * Where a world point lands on a canvas of this CSS size for a camera pose, computed here
 * with gl-matrix from the camera (docs/rules.md#renderer) (fov 45°, near 1), independently of the app's code.
 */
export function predictScreen(pose: CameraPose, point: [number, number, number], width: number, height: number): { x: number; y: number; distance: number } | undefined {
  const world = mat4.fromRotationTranslation(mat4.create(), pose.orientation, pose.position);
  const view = mat4.invert(mat4.create(), world) ?? mat4.create();
  const projection = mat4.perspective(mat4.create(), Math.PI / 4, width / height, 1, 1e6);
  const eye = vec4.transformMat4(vec4.create(), [point[0], point[1], point[2], 1], view);
  const clip = vec4.transformMat4(vec4.create(), eye, projection);
  if (clip[3] <= 0) return undefined;
  return {
    x: ((clip[0] / clip[3] + 1) / 2) * width,
    y: ((1 - clip[1] / clip[3]) / 2) * height,
    distance: Math.hypot(eye[0], eye[1], eye[2]),
  };
}

/**
 * Puts the camera at `pose` through the galaxy route's cx..lw keys and waits for it. Returns
 * false (and sets the pose on the scene directly) when the route does not apply URL poses.
 */
export async function applyPose(page: Page, backend: BackendName | undefined, name: string, pose: CameraPose, links: boolean): Promise<boolean> {
  await page.goto(galaxyUrl(backend, name, pose, links));
  await hidePanels(page);
  const fromUrl = await page
    .waitForFunction(
      ([want]) => {
        const got = window.galaxyScene?.getCamera();
        if (!got || window.galaxyScene?.starPosition(0) === undefined) return false;
        return got.position.every((v, i) => Math.abs(v - want.position[i]) < 1) && got.orientation.every((v, i) => Math.abs(v - want.orientation[i]) < 1e-3);
      },
      [pose] as const,
      { timeout: 8_000 },
    )
    .then(() => true, () => false);
  if (!fromUrl) {
    await page.evaluate((p) => window.galaxyScene?.setCamera(p), pose);
  }
  return fromUrl;
}

/** Pixels brighter than the background: channel sum over `threshold` (60 by default). */
export function litPixels(p: Pixels, threshold = 60): number {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) if (p.data[i] + p.data[i + 1] + p.data[i + 2] > threshold) n++;
  return n;
}

/** Pixels where some channel of two pictures differs by more than `threshold`. */
export function differingPixels(a: Pixels, b: Pixels, threshold: number): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (Math.max(Math.abs(a.data[i] - b.data[i]), Math.abs(a.data[i + 1] - b.data[i + 1]), Math.abs(a.data[i + 2] - b.data[i + 2])) > threshold) count++;
  }
  return count;
}

/** Pixels of the canvas alone (every panel hidden for the shot) brighter than the black sky, the shot kept as `name`. */
export async function litCanvasPixels(page: Page, name: string): Promise<number> {
  const style = await page.addStyleTag({ content: 'body * { visibility: hidden !important } .galaxy-canvas, .galaxy-canvas * { visibility: visible !important }' });
  const shot = await canvasLocator(page).screenshot({ path: test.info().outputPath(name) });
  await style.evaluate((element) => (element as Element).remove());
  return litPixels(PNG.sync.read(shot), 120);
}


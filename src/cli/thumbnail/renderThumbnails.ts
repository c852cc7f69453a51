import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import gifenc from 'gifenc';
import { PNG } from 'pngjs';
import { chromium, type Page } from 'playwright-core';
import { THUMBNAIL_ANIMATED, THUMBNAIL_STILL } from '../../data/manifest';
import { decodePositions } from '../../data/wire/positions';
import { readManifest } from '../../publish/galaxyFolder';
import { chromiumArgs, chromiumPath } from '../../browser/chromium';
import { ensureViewerBuilt, startServer } from '../serve/serveGalaxies';
import { galaxyAddress, orbitPose } from './orbit';

/** docs/rules.md#home: Home images are 150x93. Frames are drawn 4 times larger and averaged down. */
export const THUMBNAIL_WIDTH = 150;
export const THUMBNAIL_HEIGHT = 93;
const OVERSAMPLE = 4;

export interface ThumbnailOptions {
  dataRoot: string;
  name: string;
  frames?: number;
  /** Hundredths of a second between GIF frames. */
  frameDelayMs?: number;
  log?: (line: string) => void;
  /** Each frame's 150x93 RGBA pixels, as written into the GIF. */
  onFrame?: (rgba: Uint8Array, index: number) => void;
}

/** Centre and radius of the galaxy's last version, read from positions.bin. */
function galaxyBounds(dataRoot: string, name: string): { centre: number[]; radius: number } {
  const manifest = readManifest(dataRoot, name);
  if (!manifest) throw new Error(`${path.join(dataRoot, name)} has no manifest.json: build the galaxy first`);
  const bytes = readFileSync(path.join(dataRoot, name, manifest.last, 'positions.bin'));
  const { positions, nodeCount } = decodePositions(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const centre = [0, 0, 0];
  for (let i = 0; i < nodeCount; i++) for (let a = 0; a < 3; a++) centre[a] += positions[3 * i + a] / nodeCount;
  // The 98th percentile distance: a handful of far stars should not shrink the picture.
  const distances = new Float64Array(nodeCount);
  for (let i = 0; i < nodeCount; i++) {
    distances[i] = Math.hypot(positions[3 * i] - centre[0], positions[3 * i + 1] - centre[1], positions[3 * i + 2] - centre[2]);
  }
  distances.sort();
  return { centre, radius: Math.max(1, distances[Math.floor(0.98 * (nodeCount - 1))]) };
}

/** Averages OVERSAMPLE x OVERSAMPLE blocks of an RGBA image. */
function downsample(png: PNG): Uint8Array {
  const out = new Uint8Array(THUMBNAIL_WIDTH * THUMBNAIL_HEIGHT * 4);
  for (let y = 0; y < THUMBNAIL_HEIGHT; y++) {
    for (let x = 0; x < THUMBNAIL_WIDTH; x++) {
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let dy = 0; dy < OVERSAMPLE; dy++) {
          for (let dx = 0; dx < OVERSAMPLE; dx++) {
            sum += png.data[((y * OVERSAMPLE + dy) * png.width + (x * OVERSAMPLE + dx)) * 4 + c];
          }
        }
        // Brighten a little: averaging thins single-pixel stars.
        const value = c === 3 ? 255 : Math.min(255, (sum / (OVERSAMPLE * OVERSAMPLE)) * 2.5);
        out[(y * THUMBNAIL_WIDTH + x) * 4 + c] = value;
      }
    }
  }
  return out;
}

async function captureCanvas(page: Page): Promise<Uint8Array> {
  const shot = await page.locator('canvas').first().screenshot();
  return downsample(PNG.sync.read(shot));
}

/** Waits until the galaxy is loaded and a few frames are drawn. */
async function waitForGalaxy(page: Page): Promise<void> {
  await page.getByTestId('galaxy-stats').waitFor({ timeout: 120_000 });
  await page.getByTestId('progress').waitFor({ state: 'detached', timeout: 120_000 });
  const alerts = await page.getByRole('alert').count();
  if (alerts > 0) throw new Error(`the viewer reported: ${await page.getByRole('alert').first().textContent()}`);
  await page.waitForTimeout(1500);
}

/**
 * Renders the Home card images of a galaxy in headless Chromium through the real galaxy route:
 * `thumbnail_first.png` (the first view) and `thumbnail_150.gif` (a fly-around), beside its manifest.
 */
export async function renderThumbnails(options: ThumbnailOptions): Promise<{ still: string; animated: string }> {
  const log = options.log ?? (() => {});
  const frames = options.frames ?? 24;
  const { centre, radius } = galaxyBounds(options.dataRoot, options.name);
  const distance = radius * 2.2;
  await ensureViewerBuilt(log);
  const server = await startServer({ dataRoot: options.dataRoot, port: 0, host: '127.0.0.1' });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs({ webgpu: false }) });
  try {
    const page = await browser.newPage({
      viewport: { width: THUMBNAIL_WIDTH * OVERSAMPLE, height: THUMBNAIL_HEIGHT * OVERSAMPLE },
      deviceScaleFactor: 1,
    });
    await page.goto(`${origin}${galaxyAddress(options.name, orbitPose(centre, distance, 0))}`);
    await waitForGalaxy(page);
    // Only the stars: every overlay (search box, help, stats line) is hidden.
    await page.addStyleTag({ content: 'body * { visibility: hidden !important } canvas { visibility: visible !important }' });
    await page.waitForTimeout(300);

    const gif = gifenc.GIFEncoder();
    let still: Uint8Array | undefined;
    for (let k = 0; k < frames; k++) {
      if (k > 0) {
        const hash = galaxyAddress(options.name, orbitPose(centre, distance, (2 * Math.PI * k) / frames)).split('#')[1];
        await page.evaluate((next) => {
          window.location.hash = next;
        }, hash);
        await page.waitForTimeout(250);
      }
      const rgba = await captureCanvas(page);
      still ??= rgba;
      options.onFrame?.(rgba, k);
      const palette = gifenc.quantize(rgba, 64);
      gif.writeFrame(gifenc.applyPalette(rgba, palette), THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, {
        palette,
        delay: options.frameDelayMs ?? 120,
      });
      log(`frame ${k + 1}/${frames}`);
    }
    gif.finish();

    const folder = path.join(options.dataRoot, options.name);
    const stillFile = path.join(folder, THUMBNAIL_STILL);
    const animatedFile = path.join(folder, THUMBNAIL_ANIMATED);
    const png = new PNG({ width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT });
    png.data = Buffer.from(still ?? new Uint8Array(THUMBNAIL_WIDTH * THUMBNAIL_HEIGHT * 4));
    writeFileSync(`${stillFile}.tmp`, PNG.sync.write(png));
    renameSync(`${stillFile}.tmp`, stillFile);
    writeFileSync(`${animatedFile}.tmp`, gif.bytes());
    renameSync(`${animatedFile}.tmp`, animatedFile);
    return { still: stillFile, animated: animatedFile };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

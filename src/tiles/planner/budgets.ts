import type { StreamingBudget } from './streamingPlanner';

/** What the page can tell about the device it runs on. */
export interface DeviceHints {
  backend: 'webgpu' | 'webgl2';
  /** navigator.deviceMemory in GiB (Chromium only, rounded down to 0.25..8); undefined elsewhere. */
  deviceMemoryGiB?: number;
  /** navigator.hardwareConcurrency. */
  cores?: number;
  /** The backend runs on a CPU rasteriser (src/renderer/softwareRasteriser.ts). */
  softwareRasteriser?: boolean;
}

/**
 * Bytes a drawn star costs while streaming, all copies counted: its share of the fetched tile, the
 * slot pool (position, size, degrees, star number), the scene's colours and sizes and the GPU
 * buffers. The tiles bench measured 85-100 B a drawn star from 100k to 1M (page heap ~64 B, GPU
 * buffers 20-35 B; docs/decisions.md "Streaming figures"), where the first estimate said 64.
 */
export const BYTES_PER_STREAMED_STAR = 96;

/**
 * A galaxy chooses what to draw for a moving camera at most this often (a tiled galaxy's planner, a
 * whole galaxy's cells within its budget), in the moving camera's own task (src/timing/throttle.ts).
 */
export const PLAN_INTERVAL_MS = 50;

/** Where `budget=` is clamped to, in stars. */
export const MIN_STAR_BUDGET = 50_000;
export const MAX_STAR_BUDGET = 20_000_000;

/**
 * Stars a software rasteriser (SwiftShader, llvmpipe: a visitor without a usable GPU) draws by
 * default, whatever the backend. On SwiftShader here a frame of 81k stars took 214 ms (WebGL2) and
 * 333 ms (WebGPU), of 1.2M 2.4 s: the hardware defaults froze the tab. At 100k a 100k, a 1M and a
 * 10M galaxy all draw about the same stars, so the frame does not grow with the galaxy
 * (docs/decisions.md "Streaming figures").
 */
export const SOFTWARE_STAR_BUDGET = 100_000;

/** Assumed when the browser does not say (Firefox, Safari): a common laptop. */
const UNKNOWN_DEVICE_MEMORY_GIB = 4;

/**
 * Default star budget, and the bytes the drawn stars may hold, for a backend on a device. WebGPU splats small stars in compute
 * passes, WebGL2 pays for every star as a `gl.POINTS` primitive, so WebGL2 gets 60% of WebGPU's
 * stars. The tab may use an eighth of the device's memory for stars (Chromium reports at most
 * 8 GiB, so at most 1 GiB); fewer than four cores halve the stars, since decoding tiles and the
 * frames themselves then compete for the same cores. A software rasteriser pays per star on the CPU
 * and gets SOFTWARE_STAR_BUDGET (docs/rules.md#url, `budget`).
 */
export function defaultBudget({ backend, deviceMemoryGiB, cores, softwareRasteriser }: DeviceHints): StreamingBudget {
  const memoryGiB = deviceMemoryGiB !== undefined && Number.isFinite(deviceMemoryGiB) && deviceMemoryGiB > 0 ? deviceMemoryGiB : UNKNOWN_DEVICE_MEMORY_GIB;
  const bytes = Math.round((memoryGiB / 8) * 1024 ** 3);
  const byMemory = bytes / BYTES_PER_STREAMED_STAR;
  const byBackend = backend === 'webgpu' ? 4_000_000 : 2_400_000;
  const byCores = cores !== undefined && cores > 0 && cores < 4 ? 0.5 : 1;
  const byDevice = softwareRasteriser ? SOFTWARE_STAR_BUDGET : byBackend * byCores;
  const stars = clampStars(Math.min(byMemory, byDevice));
  return { stars, bytes: Math.max(bytes, stars * BYTES_PER_STREAMED_STAR) };
}

/**
 * The star budget a galaxy opens with on this device, whatever its shape (a tiled galaxy's holding
 * budget, a whole galaxy's first drawn stars): `budget=` of the address when given, else the
 * device's default; the frame budget grows or shrinks it from there (docs/rules.md#url, `fps`).
 */
export function openingBudget(hints: DeviceHints, budgetStars?: number): StreamingBudget {
  return budgetWithStars(defaultBudget(hints), budgetStars);
}

/** A star budget asked for in the address (`budget=`) replaces the default; the bytes the drawn stars may hold grow with it. */
export function budgetWithStars(base: StreamingBudget, stars: number | undefined): StreamingBudget {
  if (stars === undefined) return base;
  const clamped = clampStars(stars);
  return { stars: clamped, bytes: Math.max(base.bytes * (clamped / base.stars), clamped * BYTES_PER_STREAMED_STAR) };
}

export function clampStars(stars: number): number {
  return Math.round(Math.min(MAX_STAR_BUDGET, Math.max(MIN_STAR_BUDGET, stars)));
}

/** The hints this browser gives (navigator.deviceMemory exists in Chromium only), and what the backend's adapter is. */
export function deviceHints(
  backend: DeviceHints['backend'],
  nav: { deviceMemory?: number; hardwareConcurrency?: number } | undefined,
  softwareRasteriser = false,
): DeviceHints {
  return { backend, deviceMemoryGiB: nav?.deviceMemory, cores: nav?.hardwareConcurrency, softwareRasteriser };
}

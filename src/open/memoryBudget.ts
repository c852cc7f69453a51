import { FORMATS } from '../importers/types';

/**
 * How much memory importing and laying out a graph file takes, against what this browser can give,
 * so that a graph too big is refused before the tab dies. The importers hold the whole text, a
 * string of it, its lines or a parsed tree, and the graph. Measured in Node (peak RSS growth over
 * the file's bytes) on crates (36k nodes, 150k links) written as an edge list (3.1 MB): 26x,
 * GraphML (6.0 MB): 17.5x, node-link JSON (4.9 MB): 7.5x. 28 covers the worst with room for the
 * layout's arrays.
 */
export const BYTES_PER_INPUT_BYTE = 28;
/** Fixed cost of the workers, the scene and the page around the graph. */
export const BASE_BYTES = 64 * 2 ** 20;

export function neededBytes(inputBytes: number): number {
  return BASE_BYTES + inputBytes * BYTES_PER_INPUT_BYTE;
}

/** The largest input (bytes after unpacking) that fits `budget`. */
export function largestInput(budget: number): number {
  return Math.max(0, Math.floor((budget - BASE_BYTES) / BYTES_PER_INPUT_BYTE));
}

interface MemoryHints {
  /** Chromium's `performance.memory.jsHeapSizeLimit`: the most one page's JavaScript may hold. */
  jsHeapSizeLimit?: number;
  /** `navigator.deviceMemory` in GiB (rounded down by the browser, at most 8). */
  deviceMemory?: number;
  /** `?memory=<MiB>` in the page address: pretend this browser has only this much (tests, demos). */
  override?: number;
}

const GIB = 2 ** 30;
const MIB = 2 ** 20;

/** What an import may use: the JavaScript heap limit where the browser tells it, else half the device's memory, else 1 GiB. */
export function memoryBudget(hints: MemoryHints): number {
  if (hints.override !== undefined && hints.override > 0) return hints.override * MIB;
  const candidates: number[] = [];
  if (hints.jsHeapSizeLimit) candidates.push(hints.jsHeapSizeLimit);
  if (hints.deviceMemory) candidates.push((hints.deviceMemory * GIB) / 2);
  return candidates.length > 0 ? Math.min(...candidates) : GIB;
}

/** The page's own hints (main thread). */
export function browserMemoryBudget(search: string = globalThis.location?.search ?? ''): number {
  const override = Number(new URLSearchParams(search).get('memory') ?? NaN);
  const performanceMemory = (globalThis.performance as Performance & { memory?: { jsHeapSizeLimit?: number } } | undefined)?.memory;
  const deviceMemory = (globalThis.navigator as Navigator & { deviceMemory?: number } | undefined)?.deviceMemory;
  return memoryBudget({
    override: Number.isFinite(override) ? override : undefined,
    jsHeapSizeLimit: performanceMemory?.jsHeapSizeLimit,
    deviceMemory,
  });
}

export function formatBytes(bytes: number): string {
  if (bytes >= GIB) return `${(bytes / GIB).toFixed(1)} GB`;
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(bytes >= 100 * MIB ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} bytes`;
}

/** The command that builds the same galaxy outside the browser. */
export function buildCommand(fileName: string, galaxyName: string): string {
  const quoted = /^[A-Za-z0-9._/-]+$/.test(fileName) ? fileName : `'${fileName.replace(/'/g, "'\\''")}'`;
  return `npx galaxy build ${quoted} --name ${galaxyName} --out data`;
}

export const KNOWN_FORMATS_TEXT = FORMATS.join(', ');

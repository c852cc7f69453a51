import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of the browser this bench launched, by thread, read from Linux's /proc (schedstat: time
 * on a CPU, in nanoseconds). Unlike wall-clock frame times it does not grow when other processes
 * take the CPU, so names-on against names-off stays comparable on a loaded machine.
 */
export interface BrowserCpu {
  /** The page's main thread (JavaScript, style, layout). */
  rendererMain: number;
  /** The page's workers (the names' raster worker among them). */
  rendererWorkers: number;
  /** Every thread of the GPU process: command decoding and, here, SwiftShader's rasteriser threads. */
  gpuProcess: number;
  /** All threads of all of the browser's processes. */
  total: number;
}

/** Milliseconds of CPU per thread group so far, or undefined where /proc is missing. */
export function browserCpu(): BrowserCpu | undefined {
  let pids: number[];
  try {
    pids = descendants(process.pid);
  } catch {
    return undefined;
  }
  const cpu: BrowserCpu = { rendererMain: 0, rendererWorkers: 0, gpuProcess: 0, total: 0 };
  for (const pid of pids) {
    const type = processType(pid);
    if (type === undefined) continue;
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of threads) {
      const ms = threadCpuMs(pid, tid);
      if (ms === undefined) continue;
      cpu.total += ms;
      if (type === 'gpu-process') cpu.gpuProcess += ms;
      if (type !== 'renderer') continue;
      if (tid === String(pid)) cpu.rendererMain += ms;
      else if (threadName(pid, tid).startsWith('DedicatedWorker')) cpu.rendererWorkers += ms;
    }
  }
  return cpu;
}

/** CPU spent between two readings, per frame drawn in between. */
export function cpuPerFrame(before: BrowserCpu, after: BrowserCpu, frames: number): BrowserCpu {
  const per = (key: keyof BrowserCpu) => (after[key] - before[key]) / Math.max(frames, 1);
  return { rendererMain: per('rendererMain'), rendererWorkers: per('rendererWorkers'), gpuProcess: per('gpuProcess'), total: per('total') };
}

export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state, then the parent's pid.
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while listed.
    }
  }
  const under = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  return [...parents.keys()].filter(under);
}

/** Chromium's --type= switch ('renderer', 'gpu-process', ...), 'browser' without one, undefined for other programs. */
export function processType(pid: number): string | undefined {
  try {
    // Zygote children rewrite their command line as one string with spaces, not NUL-separated arguments.
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!/^\S*chrom/i.test(command)) return undefined;
    return /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser';
  } catch {
    return undefined;
  }
}

function threadCpuMs(pid: number, tid: string): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

function threadName(pid: number, tid: string): string {
  try {
    return readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromiumArgs, chromiumPath } from '../../support/chromium';
import { descendants, processType } from './processCpu';

/** What a renderer holds once a galaxy opened and its drawn stars settled, garbage collected. */
export interface RendererMemory {
  /** Private memory of the page's renderer process (smaps_rollup: Private_Clean + Private_Dirty): what it costs the machine, workers included. */
  rendererPrivateMB: number;
  /**
   * The same without file-backed pages (anonymous and shared-memory mappings only): what the process
   * wrote itself. Chromium's own clean file pages read as private whenever no other process maps them,
   * so the total moves by up to 10 MB with whatever else runs on the machine.
   */
  rendererWrittenPrivateMB: number;
  /** The same before garbage is collected in the page and its workers: what the visitor's machine pays while the tab rests. */
  rendererPrivateBeforeGcMB: number;
  /** The same once garbage is collected in the page alone (the workers' garbage still there). */
  rendererPrivateAfterPageGcMB: number;
  /** The workers' JS heaps before their garbage is collected. */
  workerHeapBeforeGcMB: number;
  /** Of which array buffers' backing stores (Runtime.getHeapUsage's backingStorageSize): downloads, unpacked files. */
  workerArrayBuffersBeforeGcMB: number;
  /** The page's JS heap (Runtime.getHeapUsage: V8, Blink and array buffers). */
  mainHeapMB: number;
  /** The page's workers' JS heaps together (the tile worker, the search worker, ...). */
  workerHeapMB: number;
  drawnStars: number;
  settled: boolean;
}

const MB = 2 ** 20;

/**
 * Opens `url` in a Chromium of its own driven over a DevTools pipe with only the Runtime and
 * HeapProfiler domains: Playwright enables the Network domain in every page, whose renderer then
 * keeps the body of every response for getResponseBody, and a bigger galaxy fetches more shards, so
 * under Playwright the renderer grows with the galaxy by the measurement's own doing
 * (docs/decisions.md "One holding budget"). Waits until the drawn stars (the canvas's data-stars)
 * stay unchanged for `quietMs`, collects garbage, and reads the renderer's private memory from /proc.
 */
export async function plainRendererMemory(url: string, { webgpu, quietMs = 5_000, limitMs = 180_000 }: { webgpu: boolean; quietMs?: number; limitMs?: number }): Promise<RendererMemory> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'galaxy-plain-renderer-'));
  const browser = spawn(
    chromiumPath,
    [...chromiumArgs({ webgpu }), '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`, '--window-size=1280,800', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const cdp = new PipeSession(browser.stdio[3] as Writable, browser.stdio[4] as Readable);
  try {
    const { targetId } = (await cdp.send('Target.createTarget', { url })) as { targetId: string };
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    // Workers attach paused until told to run, so that none is missed.
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId);
    const evaluate = async (expression: string) => ((await cdp.send('Runtime.evaluate', { expression, returnByValue: true }, sessionId)) as { result: { value: unknown } }).result.value;
    const start = Date.now();
    let last = -1;
    let since = Date.now();
    let settled = false;
    while (Date.now() - start < limitMs) {
      const stars = Number((await evaluate('Number(window.galaxyScene?.canvas?.dataset.stars ?? 0)')) ?? 0);
      if (stars !== last || stars === 0) {
        last = stars;
        since = Date.now();
      } else if (Date.now() - since >= quietMs) {
        settled = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const renderers = descendants(browser.pid ?? -1).filter((pid) => processType(pid) === 'renderer');
    const rendererPrivate = () => Math.max(0, ...renderers.map(privateMemory));
    const rendererWrittenPrivate = () => Math.max(0, ...renderers.map(writtenPrivateMemory));
    const beforeGc = rendererPrivate();
    const usage = async (session: string) => {
      const heap = (await cdp.send('Runtime.getHeapUsage', {}, session)) as { usedSize: number; embedderHeapUsedSize?: number; backingStorageSize?: number };
      return heap.usedSize + (heap.embedderHeapUsedSize ?? 0) + (heap.backingStorageSize ?? 0);
    };
    const arrayBuffers = async (session: string) => ((await cdp.send('Runtime.getHeapUsage', {}, session)) as { backingStorageSize?: number }).backingStorageSize ?? 0;
    const heapOf = async (session: string) => {
      await cdp.send('HeapProfiler.collectGarbage', {}, session);
      return usage(session);
    };
    let workerHeapBeforeGc = 0;
    let workerArrayBuffersBeforeGc = 0;
    for (const worker of cdp.workers) {
      workerHeapBeforeGc += await usage(worker).catch(() => 0);
      workerArrayBuffersBeforeGc += await arrayBuffers(worker).catch(() => 0);
    }
    const mainHeap = await heapOf(sessionId);
    const afterPageGc = rendererPrivate();
    let workerHeap = 0;
    for (const worker of cdp.workers) workerHeap += await heapOf(worker).catch(() => 0);
    const inMB = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
    return {
      rendererPrivateMB: inMB(rendererPrivate()),
      rendererWrittenPrivateMB: inMB(rendererWrittenPrivate()),
      rendererPrivateBeforeGcMB: inMB(beforeGc),
      rendererPrivateAfterPageGcMB: inMB(afterPageGc),
      workerHeapBeforeGcMB: inMB(workerHeapBeforeGc),
      workerArrayBuffersBeforeGcMB: inMB(workerArrayBuffersBeforeGc),
      mainHeapMB: inMB(mainHeap),
      workerHeapMB: inMB(workerHeap),
      drawnStars: last, settled };
  } finally {
    browser.kill();
    await new Promise((resolve) => browser.once('exit', resolve));
    removeProfile(profile);
  }
}

/** The browser's helper processes may still write to its profile after it exits: a folder left for now is removed a little later, never failing the measurement. */
function removeProfile(profile: string): void {
  const remove = () => rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  try {
    remove();
  } catch {
    setTimeout(() => {
      try {
        remove();
      } catch {
        // Left in the temporary folder.
      }
    }, 2_000).unref();
  }
}

/** Private_Clean + Private_Dirty of a process, in bytes (0 where /proc does not say). */
function privateMemory(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    let kB = 0;
    for (const match of rollup.matchAll(/^Private_(?:Clean|Dirty):\s+(\d+) kB$/gm)) kB += Number(match[1]);
    return kB * 1024;
  } catch {
    return 0;
  }
}

/** Private_Clean + Private_Dirty of a process's mappings that no file backs, bar shared memory (memfd, /dev/shm), in bytes. */
function writtenPrivateMemory(pid: number): number {
  try {
    let kB = 0;
    let fileBacked = false;
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const mapping = /^[0-9a-f]+-[0-9a-f]+\s+\S+\s+\S+\s+\S+\s+\d+\s*(.*)$/.exec(line);
      if (mapping) {
        const name = mapping[1];
        fileBacked = name.startsWith('/') && !name.startsWith('/memfd:') && !name.startsWith('/dev/shm/');
        continue;
      }
      const counted = /^Private_(?:Clean|Dirty):\s+(\d+) kB$/.exec(line);
      if (counted && !fileBacked) kB += Number(counted[1]);
    }
    return kB * 1024;
  } catch {
    return 0;
  }
}

/** The DevTools protocol over Chromium's --remote-debugging-pipe (fd 3 in, fd 4 out, messages ended by NUL). */
class PipeSession {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private buffered = '';
  /** Sessions of the workers attached (Target.setAutoAttach), each let run. */
  readonly workers = new Set<string>();

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => {
      this.buffered += chunk;
      let end: number;
      while ((end = this.buffered.indexOf('\0')) >= 0) {
        const message = JSON.parse(this.buffered.slice(0, end)) as {
          id?: number;
          method?: string;
          params?: { sessionId?: string; targetInfo?: { type: string } };
          result?: unknown;
          error?: { message: string };
        };
        this.buffered = this.buffered.slice(end + 1);
        if (message.method === 'Target.attachedToTarget' && message.params?.sessionId) {
          const worker = message.params.sessionId;
          if (message.params.targetInfo?.type === 'worker') this.workers.add(worker);
          void this.send('Runtime.runIfWaitingForDebugger', {}, worker).catch(() => undefined);
        }
        if (message.method === 'Target.detachedFromTarget' && message.params?.sessionId) this.workers.delete(message.params.sessionId);
        const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
        if (!waiting || message.id === undefined) continue;
        this.pending.delete(message.id);
        if (message.error) waiting.reject(new Error(message.error.message));
        else waiting.resolve(message.result);
      }
    });
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.input.write(`${JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) })}\0`);
    });
  }
}

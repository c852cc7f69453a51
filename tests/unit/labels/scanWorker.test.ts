import { describe, expect, it, vi } from 'vitest';
import { type CandidateSearch, WorkerCandidateSearch } from '../../../src/labels/candidateSearch';
import { LabelAtlas, rasterizeName, type Rasterizer } from '../../../src/labels/labelAtlas';
import { NamesThread } from '../../../src/labels/namesThread';
import type { RasterReply, RasterRequest } from '../../../src/labels/rasterProtocol';
import { isPassRequest, isScanReply, type PassRequest, PassWriter, readPass, replyIds, replySortedIds, type ScanReply, type ScanRequest } from '../../../src/labels/scanProtocol';
import { ScanReplier, ScanWorkerState } from '../../../src/labels/scanWorkerState';
import { StarLabels, type LabelStars } from '../../../src/labels/starLabels';
import { CameraRest } from '../../../src/scene/cameraRest';

const rasterizer: Rasterizer = {
  measure: (text) => [...text].length * 7,
  draw: (_text, width, height) => new Float32Array(width * height).fill(0.6),
};

/**
 * The names' worker as the page has it, in this thread: messages are copied (buffers listed are
 * transferred, as postMessage does) and delivered in a later task, each way. Raster replies wait
 * while `holdRasters` is set, until release().
 */
class InThreadScanWorker extends EventTarget {
  /** Every scan reply as posted by the worker's side. */
  replies: ScanReply[] = [];
  /** The worker's side of the scan; a "same candidates" answer is held 20 ms here (SAME_ANSWER_HOLD_MS in the page). */
  readonly replier = new ScanReplier((reply) => {
    this.replies.push(reply.slice());
    const delivered = structuredClone(reply, { transfer: [reply.buffer] });
    setTimeout(() => this.aroundReply(() => this.dispatchEvent(new MessageEvent<ScanReply>('message', { data: delivered }))), 0);
  }, 20);
  readonly state = this.replier.state;
  requests: ('pass' | Exclude<ScanRequest, PassRequest>['kind'] | RasterRequest['kind'])[] = [];
  /** Every pass request as delivered. */
  passes: ReturnType<typeof readPass>[] = [];
  /** Every pass as posted (before the copy) with what was transferred with it. */
  postedPasses: { request: PassRequest; transfer: Transferable[] }[] = [];
  holdRasters = false;
  private held: RasterReply[] = [];
  /** Runs around each scan reply's delivery (the main thread's task for it). */
  aroundReply: (deliver: () => void) => void = (deliver) => deliver();

  postMessage(request: ScanRequest | RasterRequest, transfer: Transferable[] = []): void {
    if (isPassRequest(request)) this.postedPasses.push({ request, transfer });
    const copy = structuredClone(request, { transfer });
    this.requests.push(isPassRequest(copy) ? 'pass' : copy.kind);
    if (isPassRequest(copy)) this.passes.push(readPass(copy));
    if (!isPassRequest(copy) && copy.kind === 'raster') {
      const reply: RasterReply = { kind: 'raster', names: copy.texts.map((text) => ({ key: text, ...rasterizeName(rasterizer, text) })) };
      if (this.holdRasters) this.held.push(reply);
      else setTimeout(() => this.deliver(reply), 0);
      return;
    }
    setTimeout(() => this.replier.take(copy), 0);
  }

  /** Sends the raster replies held back. */
  release(): void {
    this.holdRasters = false;
    for (const reply of this.held.splice(0)) this.deliver(reply);
  }

  private deliver(reply: RasterReply): void {
    if (!this.terminated) this.dispatchEvent(new MessageEvent<RasterReply>('message', { data: reply }));
  }

  terminated = false;
  /** 'message' listeners added and not removed. */
  messageListeners = 0;

  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void {
    if (type === 'message') this.messageListeners++;
    super.addEventListener(type, listener, options);
  }

  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void {
    if (type === 'message') this.messageListeners--;
    super.removeEventListener(type, listener, options);
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** A names thread over in-thread workers: `workers` lists every worker it started. */
function threadOf(first = new InThreadScanWorker(), restMs?: number) {
  const workers: InThreadScanWorker[] = [];
  const thread = new NamesThread(() => {
    const worker = workers.length === 0 ? first : new InThreadScanWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  }, restMs);
  return { thread, workers };
}

/** 60 stars on a 6 x 10 grid filling the screen (clip space is world space here), each named "star <id>". */
function gridOfStars(): LabelStars {
  const positions = new Float32Array(60 * 3);
  for (let id = 0; id < 60; id++) {
    positions[id * 3] = -0.8 + (id % 6) * 0.3;
    positions[id * 3 + 1] = -0.85 + Math.floor(id / 6) * 0.19;
  }
  return {
    positions,
    sizes: new Float32Array(60).fill(0.1),
    name: (slot) => `star ${slot}`,
    starOfSlot: (slot) => slot,
    slotOfStar: (star) => (Number.isInteger(star) && star >= 0 && star < 60 ? star : -1),
  };
}

const camera = { viewProjection: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], position: [0, 0, 10], width: 1000, cssWidth: 1000, cssHeight: 1000 };

function namesOverTheGrid(worker?: InThreadScanWorker, requestFrame: () => void = () => {}) {
  const stars = gridOfStars();
  const labels = new StarLabels(new LabelAtlas(rasterizer), camera, new CameraRest(), requestFrame, worker && { start: () => worker as unknown as Worker });
  labels.setStars(stars);
  let now = 0;
  const settle = async () => {
    for (let i = 0; i < 300 && !labels.settled; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      labels.frame((now += 16));
    }
    expect(labels.settled).toBe(true);
    return labels.placedLabels().map((label) => label.id).sort((a, b) => a - b);
  };
  return { labels, stars, settle };
}

/** Begins a pass over the grid from the test's camera and waits for its candidates. */
async function passOf(search: WorkerCandidateSearch): Promise<number[]> {
  search.begin({ viewProjection: camera.viewProjection, position: camera.position, pixelRatio: 1 });
  for (let i = 0; i < 50 && search.running; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  return [...search.result()];
}

describe('the candidate scan in a worker', () => {
  it('sends a pass its slot ranges only when the drawn cells changed: the camera alone otherwise', async () => {
    const worker = new InThreadScanWorker();
    const { thread } = threadOf(worker);
    const stars = gridOfStars();
    const search = new WorkerCandidateSearch(thread, { ...stars, boosted: new Uint8Array(60) }, 60, 0, () => {}, () => {});
    const firstTwenty = { cells: 1, start: Uint32Array.of(0), count: Uint32Array.of(20), bounds: new Float32Array(6) };
    const lastTen = { cells: 1, start: Uint32Array.of(50), count: Uint32Array.of(10), bounds: new Float32Array(6) };
    const pass = async (cells: typeof firstTwenty) => {
      search.begin({ viewProjection: camera.viewProjection, position: camera.position, pixelRatio: 1 }, cells);
      for (let i = 0; i < 50 && search.running; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      return [...search.result()].sort((a, b) => a - b);
    };
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
    expect(await pass(firstTwenty)).toEqual(range(0, 20));
    expect(await pass(firstTwenty)).toEqual(range(0, 20));
    expect(await pass(lastTen)).toEqual(range(50, 60));
    expect(worker.passes.map((p) => (p.spans ? [...p.spans] : undefined))).toEqual([[0, 20], undefined, [50, 60]]);
    search.dispose();
  });

  it('posts a flight\'s passes as one kept array, copied: no object around it, nothing transferred, no array made while the spans stay', async () => {
    const worker = new InThreadScanWorker();
    const search = new WorkerCandidateSearch(threadOf(worker).thread, { ...gridOfStars(), boosted: new Uint8Array(60) }, 60, 0, () => {}, () => {});
    const cells = { cells: 1, start: Uint32Array.of(0), count: Uint32Array.of(60), bounds: new Float32Array(6) };
    for (let i = 0; i < 4; i++) {
      search.begin({ viewProjection: camera.viewProjection, position: [0, 0, 10 + i], pixelRatio: 1 }, cells);
      for (let k = 0; k < 50 && search.running; k++) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const posted = worker.postedPasses;
    expect(posted).toHaveLength(4);
    expect(posted.every((p) => p.request instanceof Uint32Array && p.transfer.length === 0)).toBe(true);
    // The first carries the spans (an array sized for them); the next three are the same kept array, 96 bytes.
    expect(posted[0].request.byteLength).toBe(104);
    expect(new Set(posted.slice(1).map((p) => p.request)).size).toBe(1);
    expect(posted[1].request.buffer.byteLength).toBe(96);
    // Each delivered pass kept its own camera: the kept array was copied when posted, not shared.
    expect(worker.passes.map((p) => p.camera.position[2])).toEqual([10, 11, 12, 13]);
    search.dispose();
  });

  it('answers a pass with its candidates best first and the same ones sorted, in one transferred buffer', () => {
    const state = new ScanWorkerState();
    const { positions, sizes } = gridOfStars();
    state.handle({ kind: 'stars', generation: 7, positions, sizes, boosted: new Uint8Array(60), capacity: 40, minCssDiameter: 0 });
    const request = new PassWriter().write(7, 1, 0, { viewProjection: camera.viewProjection, position: camera.position, pixelRatio: 1 }, undefined);
    const reply = state.handle(request)!;
    // One array, no object around it: [generation, pass, count, ids..., sorted ids...].
    expect(isScanReply(reply)).toBe(true);
    expect([reply[0], reply[1], reply[2]]).toEqual([7, 1, 40]);
    expect(reply).toHaveLength(3 + 80);
    expect(replyIds(reply)).toHaveLength(40);
    expect([...replySortedIds(reply)]).toEqual([...replyIds(reply)].sort((a, b) => a - b));
    expect(replySortedIds(reply).buffer).toBe(reply.buffer);
  });

  it('answers a pass that finds the candidates held on the main thread with none: nothing to adopt, the same names', async () => {
    const worker = new InThreadScanWorker();
    const replies: ScanReply[] = [];
    worker.addEventListener('message', (event) => replies.push((event as MessageEvent<ScanReply>).data));
    const changes: boolean[] = [];
    const search = new WorkerCandidateSearch(threadOf(worker).thread, { ...gridOfStars(), boosted: new Uint8Array(60) }, 60, 0, (changed) => changes.push(changed), () => {});
    const first = await passOf(search);
    expect(first).toHaveLength(60);
    expect(await passOf(search)).toEqual(first);
    expect(changes).toEqual([true, false]);
    expect(replies.map((reply) => reply.length)).toEqual([3 + 120, 3]);
    search.dispose();
  });

  it('sends a flight\'s passes whose candidates stay no answer till the passes stop: then one, and the pass ends', async () => {
    const worker = new InThreadScanWorker();
    const changes: boolean[] = [];
    const search = new WorkerCandidateSearch(threadOf(worker).thread, { ...gridOfStars(), boosted: new Uint8Array(60) }, 60, 0, (changed) => changes.push(changed), () => {});
    const first = await passOf(search);
    expect(worker.replies).toHaveLength(1);
    // Passes 8 ms apart, inside the fake worker's 20 ms hold: each makes the last one's answer moot.
    for (let i = 0; i < 6; i++) {
      search.begin({ viewProjection: camera.viewProjection, position: [0, 0, 10 + i * 0.01], pixelRatio: 1 });
      await new Promise((resolve) => setTimeout(resolve, 8));
    }
    expect(worker.replies).toHaveLength(1);
    expect(search.running).toBe(true);
    for (let i = 0; i < 50 && search.running; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(search.running).toBe(false);
    expect(worker.replies.map((reply) => reply.length)).toEqual([3 + 120, 3]);
    expect(changes).toEqual([true, false]);
    expect([...search.result()]).toEqual(first);
    search.dispose();
  });

  it('takes new candidates at once while the camera moves, though later passes were sent', async () => {
    const worker = new InThreadScanWorker();
    const search = new WorkerCandidateSearch(threadOf(worker).thread, { ...gridOfStars(), boosted: new Uint8Array(60) }, 400, 0, () => {}, () => {});
    expect(await passOf(search)).toHaveLength(60);
    search.begin({ viewProjection: [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.9, 0, 0, 1], position: [0, 0, 10], pixelRatio: 1 });
    for (let i = 0; i < 50 && worker.replies.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 2));
    // The next pass is sent before the new candidates are delivered: they are taken all the same.
    search.begin({ viewProjection: [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.9, 0, 0, 1], position: [0, 0, 10.001], pixelRatio: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(search.result().length).toBeGreaterThan(0);
    expect(search.result().length).toBeLessThan(60);
    search.dispose();
  });

  it('answers in full where the held candidates are not the ones the worker last sent (a reply the main thread dropped)', async () => {
    const worker = new InThreadScanWorker();
    const search = new WorkerCandidateSearch(threadOf(worker).thread, { ...gridOfStars(), boosted: new Uint8Array(60) }, 400, 0, () => {}, () => {});
    expect(await passOf(search)).toHaveLength(60);
    // Two passes from a camera that sees only the stars right of x = 0: the first one's reply is dropped
    // (overtaken), the second finds what the worker sent for the first, not what the main thread holds.
    const right = { viewProjection: [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.9, 0, 0, 1], position: [0, 0, 10], pixelRatio: 1 };
    search.begin(right);
    search.begin(right);
    for (let i = 0; i < 50 && search.running; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(search.result().length).toBeGreaterThan(0);
    expect(search.result().length).toBeLessThan(60);
    search.dispose();
  });

  it('asks no frame for a pass that brings the same candidates (a camera moved where the same stars stay named)', async () => {
    const worker = new InThreadScanWorker();
    let framesAsked = 0;
    const { labels, settle } = namesOverTheGrid(worker, () => framesAsked++);
    await settle();
    const named = labels.placedLabels().map((label) => label.id);
    expect(named).toHaveLength(60);
    const passes = labels.stats.scanPasses;
    framesAsked = 0;
    labels.cameraMoved();
    await settle();
    expect(labels.stats.scanPasses).toBe(passes + 1);
    expect(framesAsked).toBe(0);
    expect(labels.placedLabels().map((label) => label.id)).toEqual(named);
    labels.dispose();
  });

  it('takes a pass\'s candidates on the main thread without sorting them, and names the same stars', async () => {
    const worker = new InThreadScanWorker();
    const sort = vi.spyOn(Uint32Array.prototype, 'sort');
    let sortsInReplies = 0, replies = 0;
    worker.aroundReply = (deliver) => {
      const before = sort.mock.calls.length;
      deliver();
      replies++;
      sortsInReplies += sort.mock.calls.length - before;
    };
    try {
      const named = await namesOverTheGrid(worker).settle();
      expect(named).toHaveLength(60);
      expect(replies).toBeGreaterThan(0);
      expect(sortsInReplies).toBe(0);
    } finally {
      sort.mockRestore();
    }
  });

  it('names the same stars as the scan on the main thread', async () => {
    const worker = new InThreadScanWorker();
    const inWorker = await namesOverTheGrid(worker).settle();
    expect(inWorker).toHaveLength(60);
    expect(inWorker).toEqual(await namesOverTheGrid().settle());
    expect(worker.requests).toContain('pass');
  });

  it('sees the slots written after the stars were sent, and only those are sent again', async () => {
    const worker = new InThreadScanWorker();
    const stars = { ...gridOfStars(), boosted: new Uint8Array(60) };
    const search = new WorkerCandidateSearch(threadOf(worker).thread, stars, 400, 0, () => {}, () => {});
    const pass = () => passOf(search);
    expect(await pass()).toHaveLength(60);
    // Slots 10..19 emptied, slot 59 boosted (a search result): the worker's copy follows.
    stars.sizes.fill(0, 10, 20);
    search.written(10, 10);
    stars.boosted[59] = 1;
    search.written(59, 1);
    const found = await pass();
    expect(found).toHaveLength(50);
    expect(found.some((id) => id >= 10 && id < 20)).toBe(false);
    expect(found[0]).toBe(59);
    expect(worker.requests).toEqual(['stars', 'pass', 'write', 'write', 'pass']);
  });

  it('takes a write of every slot as its copy, and later writes reach that copy', async () => {
    const worker = new InThreadScanWorker();
    const stars = { ...gridOfStars(), boosted: new Uint8Array(60) };
    const search = new WorkerCandidateSearch(threadOf(worker).thread, stars, 400, 0, () => {}, () => {});
    const pass = () => passOf(search);
    // Every slot rewritten (links in): only the first 30 stars keep a size.
    stars.sizes.fill(0, 30);
    search.written(0, 60);
    const firstHalf = await pass();
    expect(firstHalf.sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
    // Then one slot of the second half comes back, boosted.
    stars.sizes[45] = 0.1;
    stars.boosted[45] = 1;
    search.written(45, 1);
    const found = await pass();
    expect(found).toHaveLength(31);
    expect(found[0]).toBe(45);
  });

  it('falls back to the scan on the main thread when the worker fails, and names the same stars', async () => {
    const worker = new InThreadScanWorker();
    const grid = namesOverTheGrid(worker);
    worker.dispatchEvent(new Event('error'));
    expect(await grid.settle()).toEqual(await namesOverTheGrid().settle());
  });

  it('drops a pass the camera has overtaken: only the last pass begun is answered', async () => {
    const worker = new InThreadScanWorker();
    const stars = gridOfStars();
    let finished = 0;
    const search: CandidateSearch = new WorkerCandidateSearch(threadOf(worker).thread, { ...stars, boosted: new Uint8Array(60) }, 400, 0, () => finished++, () => {});
    search.begin({ viewProjection: camera.viewProjection, position: [0, 0, 10], pixelRatio: 1 });
    // The second camera sees only the stars right of x = 0 (x is flipped), the first saw all 60.
    search.begin({ viewProjection: [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.9, 0, 0, 1], position: [0, 0, 10], pixelRatio: 1 });
    expect(search.running).toBe(true);
    for (let i = 0; i < 50 && search.running; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(search.running).toBe(false);
    expect(finished).toBe(1);
    const found = [...search.result()];
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(60);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toBe(1);
  });

  it('ends the worker at rest, and starts one with the columns, the writes made meanwhile in them, for the next pass', async () => {
    const { thread, workers } = threadOf(undefined, 30);
    const stars = { ...gridOfStars(), boosted: new Uint8Array(60) };
    const search = new WorkerCandidateSearch(thread, stars, 400, 0, () => {}, () => {});
    const pass = () => passOf(search);
    expect(await pass()).toHaveLength(60);
    expect(workers[0].state.heldSlots).toBe(60);
    await new Promise((resolve) => setTimeout(resolve, 80));
    // At rest no worker runs: its copy, thread and isolate are let go.
    expect(workers[0].terminated).toBe(true);
    expect(thread.running).toBe(false);
    // Written while no worker runs: the fresh worker's copy carries it.
    stars.sizes.fill(0, 30);
    stars.sizes[45] = 0.1;
    stars.boosted[45] = 1;
    search.written(0, 60);
    const found = await pass();
    expect(found).toHaveLength(31);
    expect(found[0]).toBe(45);
    expect(workers).toHaveLength(2);
    expect(workers[1].state.heldSlots).toBe(60);
    expect(workers[0].requests).toEqual(['stars', 'pass']);
    expect(workers[1].requests).toEqual(['stars', 'pass']);
    search.dispose();
  });

  it('names the same stars after a rest as before it, in a fresh worker', async () => {
    const { thread, workers } = threadOf(undefined, 20);
    const stars = { ...gridOfStars(), boosted: new Uint8Array(60) };
    const search = new WorkerCandidateSearch(thread, stars, 400, 0, () => {}, () => {});
    const before = await passOf(search);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(thread.running).toBe(false);
    expect(await passOf(search)).toEqual(before);
    expect(workers).toHaveLength(2);
    search.dispose();
  });

  it('falls back to the main thread when no worker starts after a rest', async () => {
    let starts = 0;
    const thread = new NamesThread(() => (starts++ === 0 ? (new InThreadScanWorker() as unknown as Worker) : undefined), 20);
    let failed = 0;
    const search = new WorkerCandidateSearch(thread, { ...gridOfStars(), boosted: new Uint8Array(60) }, 400, 0, () => {}, () => failed++);
    expect(await passOf(search)).toHaveLength(60);
    await new Promise((resolve) => setTimeout(resolve, 60));
    search.begin({ viewProjection: camera.viewProjection, position: camera.position, pixelRatio: 1 });
    expect(failed).toBe(1);
    expect(search.running).toBe(false);
  });
});

describe('one names worker for the scan and the rasterising', () => {
  /** Names over the grid with a names worker that rasterises too; `workers` lists every worker started. */
  function namesWithOneWorker(restMs: number, holdRasters = false) {
    const workers: InThreadScanWorker[] = [];
    const start = () => {
      const worker = new InThreadScanWorker();
      worker.holdRasters = holdRasters && workers.length === 0;
      workers.push(worker);
      return worker as unknown as Worker;
    };
    const labels = new StarLabels(new LabelAtlas(rasterizer), camera, new CameraRest(), () => {}, { start, rasterFontFamily: 'sans-serif', restMs });
    let now = 0;
    const frames = async (count: number) => {
      for (let i = 0; i < count && !labels.settled; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        labels.frame((now += 16));
      }
    };
    const named = () => labels.placedLabels().map((label) => label.id).sort((a, b) => a - b);
    return { labels, workers, frames, named };
  }

  it('scans and rasterises in the one worker it starts: no second thread, the same names', async () => {
    const { labels, workers, frames, named } = namesWithOneWorker(10_000);
    labels.setStars(gridOfStars());
    await frames(300);
    expect(labels.settled).toBe(true);
    expect(named()).toEqual(await namesOverTheGrid().settle());
    expect(workers).toHaveLength(1);
    expect(workers[0].requests).toContain('pass');
    expect(workers[0].requests).toContain('raster');
    labels.dispose();
  });

  it('listens to its worker once: each reply, scan or raster, is taken by one listener', async () => {
    const { labels, workers, frames, named } = namesWithOneWorker(10_000);
    labels.setStars(gridOfStars());
    const listeners = vi.spyOn(workers[0], 'addEventListener');
    await frames(300);
    expect(named()).toHaveLength(60);
    expect(workers).toHaveLength(1);
    expect(workers[0].requests).toContain('raster');
    // The thread's one listener was added when the worker started (before the spy); none since.
    expect(listeners.mock.calls.filter(([type]) => type === 'message')).toHaveLength(0);
    expect(workers[0].messageListeners).toBe(1);
    labels.dispose();
  });

  it('keeps the worker past its rest while names wait to be rasterised, ends it once they are in, and a fresh one rasterises the next names', async () => {
    const { labels, workers, frames, named } = namesWithOneWorker(30, true);
    labels.setStars(gridOfStars());
    await frames(15);
    await new Promise((resolve) => setTimeout(resolve, 80));
    // The scan answered long ago, but the names sent to be rasterised are not back.
    expect(workers[0].requests).toContain('raster');
    expect(workers[0].terminated).toBe(false);
    workers[0].release();
    await frames(300);
    expect(named()).toHaveLength(60);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(workers[0].terminated).toBe(true);
    // Other names: a fresh worker scans and rasterises them, and its names are taken in.
    labels.setStars({ ...gridOfStars(), name: (slot) => `other ${slot}` });
    await frames(300);
    expect(labels.settled).toBe(true);
    expect(named()).toHaveLength(60);
    expect(workers).toHaveLength(2);
    expect(workers[1].requests).toContain('raster');
    labels.dispose();
  });
});

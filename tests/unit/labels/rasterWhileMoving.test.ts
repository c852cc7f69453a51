import { describe, expect, it, vi } from 'vitest';
import { LABEL_RASTER_PER_MOVING_FRAME, LABEL_SCAN_MOVING_INTERVAL_MS } from '../../../src/labels/constants';
import { LabelAtlas, type Rasterizer } from '../../../src/labels/labelAtlas';
import { StarLabels, type LabelStars } from '../../../src/labels/starLabels';
import { CameraRest } from '../../../src/scene/cameraRest';
import { frameQueue } from '../../../src/timing/frameQueue';

const rasterizer: Rasterizer = {
  measure: (text) => [...text].length * 7,
  draw: (_text, width, height) => new Float32Array(width * height).fill(0.6),
};

/** 60 stars on a 6 x 10 grid filling the screen (clip space is world space here), each named "star <id>". */
function gridOfStars() {
  const positions = new Float32Array(60 * 3);
  for (let id = 0; id < 60; id++) {
    positions[id * 3] = -0.8 + (id % 6) * 0.3;
    positions[id * 3 + 1] = -0.85 + Math.floor(id / 6) * 0.19;
  }
  const stars: LabelStars = {
    positions,
    sizes: new Float32Array(60).fill(0.1),
    name: (slot) => `star ${slot}`,
    starOfSlot: (slot) => slot,
    slotOfStar: (star) => (Number.isInteger(star) && star >= 0 && star < 60 ? star : -1),
  };
  return stars;
}

const camera = { viewProjection: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], position: [0, 0, 10], width: 1000, cssWidth: 1000, cssHeight: 1000 };
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Counts the frame queue's runs made by its fallback timer for want of a frame (a task of its own, which may begin a scan pass), from now on. */
function countFramelessRuns(): { readonly fired: number } {
  const before = frameQueue.framelessRuns;
  return {
    get fired() {
      return frameQueue.framelessRuns - before;
    },
  };
}

/**
 * The page's animation frames, stubbed: `run()` runs the callbacks asked since the last one, as the
 * browser does in the task that draws a frame. Restored with vi.unstubAllGlobals().
 */
function stubAnimationFrames(): { run(): void } {
  const animationFrames = new Map<number, FrameRequestCallback>();
  let lastFrameId = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    animationFrames.set(++lastFrameId, callback);
    return lastFrameId;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => animationFrames.delete(id));
  return {
    run() {
      const callbacks = [...animationFrames.values()];
      animationFrames.clear();
      for (const callback of callbacks) callback(performance.now());
    },
  };
}

/** Names over the grid, main-thread rasterising (no worker), and a clock for its frames. */
function namesOverTheGrid() {
  const cameraRest = new CameraRest();
  const labels = new StarLabels(new LabelAtlas(rasterizer), camera, cameraRest, () => {});
  labels.setStars(gridOfStars());
  let now = 0;
  const frame = () => labels.frame((now += 16));
  /** Frames until nothing is left to do, as the scene draws them while work goes on. */
  const settle = async () => {
    for (let i = 0; i < 200 && !labels.settled; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      frame();
    }
    expect(labels.settled).toBe(true);
    return labels.placedLabels().map((label) => label.id).sort((a, b) => a - b);
  };
  /** The camera moves now, as the scene tells it. */
  const move = () => {
    cameraRest.moved(performance.now());
    labels.cameraMoved();
  };
  return { labels, frame, settle, move };
}

describe('new names while the camera moves', () => {
  it('are rasterised a few per frame; once the camera rests, the rest follow and the same stars are named', async () => {
    const flown = namesOverTheGrid();
    // The first candidate scan has ended (on a loaded machine it takes several slices), no frame drawn yet.
    flown.move();
    for (let wait = 0; wait < 600 && flown.labels.stats.scanPasses === 0; wait++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(flown.labels.stats.scanPasses).toBeGreaterThan(0);
    const rasterised: number[] = [];
    for (let i = 0; i < 4; i++) {
      flown.move();
      for (let task = 0; task < 5; task++) await nextTask();
      flown.frame();
      rasterised.push(flown.labels.stats.raster.count);
    }
    const perFrame = rasterised.map((count, i) => count - (rasterised[i - 1] ?? 0));
    expect(perFrame.every((count) => count <= LABEL_RASTER_PER_MOVING_FRAME)).toBe(true);
    expect(rasterised.at(-1)).toBeGreaterThan(0);
    expect(rasterised.at(-1)).toBeLessThan(60);

    const atRest = await flown.settle();
    const stillCamera = namesOverTheGrid();
    expect(atRest).toEqual(await stillCamera.settle());
    expect(atRest).toHaveLength(60);
  });
});

describe('the candidate scan while the camera moves', () => {
  it('makes one pass for a move and the cells it changes, at most one per LABEL_SCAN_MOVING_INTERVAL_MS, and at rest the names are those of a still camera', async () => {
    const flown = namesOverTheGrid();
    await flown.settle();
    const passesBefore = flown.labels.stats.scanPasses;
    // A flight of 20 moves a frame apart, each changing the cells drawn too, as a whole galaxy's budget does.
    const began = performance.now();
    for (let i = 0; i < 20; i++) {
      flown.move();
      flown.labels.drawnChanged();
      await new Promise((resolve) => setTimeout(resolve, 5));
      flown.frame();
    }
    const flightMs = performance.now() - began;
    const duringFlight = flown.labels.stats.scanPasses - passesBefore;
    expect(duringFlight).toBeGreaterThan(0);
    expect(duringFlight).toBeLessThanOrEqual(Math.ceil(flightMs / LABEL_SCAN_MOVING_INTERVAL_MS) + 1);
    expect(duringFlight).toBeLessThan(20);
    // At rest the names are those of a camera that never moved.
    const atRest = await flown.settle();
    expect(atRest).toEqual(await namesOverTheGrid().settle());
  });
});

/**
 * A flight of `moves` camera moves over settled names, each changing the cells drawn, the next frame
 * `gapMs` later (the page's animation frames and the scene's), then `tasks` tasks; answers the scan
 * passes it made and the frame queue's runs for want of a frame.
 */
async function flyWithFrames(flown: ReturnType<typeof namesOverTheGrid>, frames: { run(): void }, moves: number, gapMs: number, tasks: number) {
  const passesBefore = flown.labels.stats.scanPasses;
  const framelessRuns = countFramelessRuns();
  for (let i = 0; i < moves; i++) {
    flown.move();
    flown.labels.drawnChanged();
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    frames.run();
    flown.frame();
    for (let task = 0; task < tasks; task++) await nextTask();
  }
  return { passes: flown.labels.stats.scanPasses - passesBefore, framelessRuns: framelessRuns.fired };
}

describe('a flight\'s scan passes', () => {
  it('begin in its frames, with no timer of their own, when frames come further apart than the passes\' interval', async () => {
    const frames = stubAnimationFrames();
    try {
      const flown = namesOverTheGrid();
      await flown.settle();
      const { passes, framelessRuns } = await flyWithFrames(flown, frames, 12, LABEL_SCAN_MOVING_INTERVAL_MS + 10, 0);
      expect(framelessRuns).toBe(0);
      expect(passes).toBeGreaterThanOrEqual(8);
      // The camera stops before a pass is due: the last pass still follows, and names those of a still camera.
      flown.move();
      frames.run();
      const atRest = await flown.settle();
      expect(atRest).toEqual(await namesOverTheGrid().settle());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a flight drawn slower than the scan passes\' interval (SwiftShader)', () => {
  it('begins each pass in its frame: the timer kept for when frames stop never fires', async () => {
    const frames = stubAnimationFrames();
    try {
      const flown = namesOverTheGrid();
      await flown.settle();
      // Each move comes right after a frame whose pass has ended, and the next frame 210 ms later:
      // the flight lasts well past FRAMELESS_RUN_MS, which frames that keep coming hold off.
      const { passes, framelessRuns } = await flyWithFrames(flown, frames, 8, LABEL_SCAN_MOVING_INTERVAL_MS + 110, 5);
      expect(framelessRuns).toBe(0);
      expect(passes).toBeGreaterThanOrEqual(6);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('frames that change nothing the names depend on', () => {
  it('do not place the names again and draw the same quads; a camera move or a hover places them again', async () => {
    const still = namesOverTheGrid();
    await still.settle();
    const placements = () => still.labels.stats.placement.count;
    const first = still.frame();
    const quads = first.labels.quads.slice(0, first.labels.count * 12);
    const before = placements();
    for (let i = 0; i < 5; i++) {
      const again = still.frame();
      expect(again.labels.count).toBe(first.labels.count);
      expect(again.labels.quads.slice(0, again.labels.count * 12)).toEqual(quads);
      expect(again.animating).toBe(false);
    }
    expect(placements()).toBe(before);

    still.labels.setHovered(7);
    still.frame();
    expect(placements()).toBe(before + 1);

    const moved = camera.viewProjection[12];
    camera.viewProjection[12] = moved + 1e-6;
    try {
      still.frame();
      expect(placements()).toBe(before + 2);
    } finally {
      camera.viewProjection[12] = moved;
    }
  });
});

describe('a frame drawn slowly during a flight', () => {
  it('is not taken for the camera at rest: names stay a few a frame until an animation frame comes without a move', async () => {
    const animationFrames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => animationFrames.push(callback));
    const runAnimationFrame = () => animationFrames.splice(0).forEach((callback) => callback(performance.now()));
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const flown = namesOverTheGrid();
      flown.move();
      for (let wait = 0; wait < 600 && flown.labels.stats.scanPasses === 0; wait++) await sleep(5);
      for (let i = 0; i < 4; i++) {
        flown.move();
        await sleep(20);
        runAnimationFrame();
        flown.frame();
      }
      // The next frame takes 400 ms (SwiftShader on a loaded machine): past the names' 150 ms wait and
      // two of the last move intervals, with no animation frame meanwhile.
      const before = flown.labels.stats.raster.count;
      await sleep(400);
      expect(flown.labels.stats.raster.count - before).toBeLessThanOrEqual(LABEL_RASTER_PER_MOVING_FRAME);
      expect(flown.labels.stats.raster.count).toBeLessThan(60);
      // Its animation frame comes with the flight's next move: still a few a frame.
      flown.move();
      const atMove = flown.labels.stats.raster.count;
      runAnimationFrame();
      flown.frame();
      await sleep(20);
      expect(flown.labels.stats.raster.count - atMove).toBeLessThanOrEqual(2 * LABEL_RASTER_PER_MOVING_FRAME);
      // The camera rests: the frames after the wait come without a move, and every name follows.
      for (let i = 0; i < 200 && !flown.labels.settled; i++) {
        await sleep(10);
        runAnimationFrame();
        flown.frame();
      }
      expect(flown.labels.settled).toBe(true);
      expect(flown.labels.placedLabels()).toHaveLength(60);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a flight drawn slower than the passes\' interval, with a frame before each pass is due', () => {
  it('begins the pass in the next animation frame\'s task: no timer task of its own fires between frames', async () => {
    const frames = stubAnimationFrames();
    const runAnimationFrame = () => frames.run();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const flown = namesOverTheGrid();
      await flown.settle();
      const passesBefore = flown.labels.stats.scanPasses;
      const framelessRuns = countFramelessRuns();
      for (let i = 0; i < 4; i++) {
        // A frame begins a due pass; a move and a frame soon after find the next not due yet.
        await sleep(LABEL_SCAN_MOVING_INTERVAL_MS + 10);
        flown.move();
        flown.labels.drawnChanged();
        runAnimationFrame();
        flown.frame();
        for (let task = 0; task < 5; task++) await nextTask();
        flown.move();
        runAnimationFrame();
        flown.frame();
        // The next frame comes 250 ms later (SwiftShader): past the due time and the old 50 ms slack.
        await sleep(250);
        runAnimationFrame();
        flown.frame();
        for (let task = 0; task < 5; task++) await nextTask();
      }
      expect(framelessRuns.fired).toBe(0);
      expect(flown.labels.stats.scanPasses - passesBefore).toBeGreaterThanOrEqual(8);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('star names under a panel', () => {
  it('are neither rasterised nor tried while a panel covers every side of their star, and are named as ever once it is gone', async () => {
    // The grid's left three columns (CSS x 100, 250 and 400) under a panel; the right three clear.
    const underPanel = (id: number) => id % 6 < 3;
    const drawn = vi.spyOn(rasterizer, 'draw');
    try {
      const flown = namesOverTheGrid();
      flown.labels.setKeepClear([{ x: 0, y: 0, width: 480, height: 1000 }]);
      const named = await flown.settle();
      expect(named).toEqual(Array.from({ length: 60 }, (_, id) => id).filter((id) => !underPanel(id)));
      const rasterised = drawn.mock.calls.map(([text]) => Number(text.slice('star '.length)));
      expect(rasterised.filter(underPanel)).toEqual([]);
      // The panel closes: the scene draws the frame it asks for.
      flown.labels.setKeepClear([]);
      flown.frame();
      expect(await flown.settle()).toEqual(await namesOverTheGrid().settle());
    } finally {
      drawn.mockRestore();
    }
  });
});

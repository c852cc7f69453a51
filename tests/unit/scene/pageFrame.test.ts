import { afterEach, describe, expect, it, vi } from 'vitest';
import { Graph } from '../../../src/data/graph';
import { GalaxyScene } from '../../../src/scene/galaxyScene';
import type { CameraPose } from '../../../src/scene/scene';
import { ShownGalaxies } from '../../../src/stars/shownGalaxy';
import { PLAN_INTERVAL_MS } from '../../../src/tiles/planner/budgets';
import { FRAMELESS_RUN_MS, frameQueue } from '../../../src/timing/frameQueue';
import { Throttle } from '../../../src/timing/throttle';
import { GalaxyControls, type ControlsHandlers } from '../../../src/controls/galaxyControls';
import { recordingRenderer } from '../../support/recordingRenderer';

/**
 * The page's animation frames, stubbed: `frame()` runs the callbacks asked since the last frame, as
 * the browser does in the task that draws one, and counts the frames asked and the callbacks run.
 */
function stubAnimationFrames() {
  let callbacks: FrameRequestCallback[] = [];
  const counts = { asked: 0, callbacksRun: 0 };
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    counts.asked++;
    callbacks.push(callback);
    return callbacks.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {});
  return {
    counts,
    frame() {
      const now = callbacks;
      callbacks = [];
      for (const callback of now) {
        counts.callbacksRun++;
        callback(performance.now());
      }
    },
  };
}

function sceneOverThreeStars() {
  vi.spyOn(console, 'warn').mockImplementation(() => {}); // no Worker in Node: picking scans every star
  const graph = new Graph({
    name: 'test',
    version: '1',
    nodeCount: 3,
    edgeCount: 0,
    positions: new Float32Array([0, 0, -500, 0, 0, -600, 0, 0, -1600]),
    outOffsets: new Uint32Array(4),
    outTargets: new Uint32Array(0),
    inOffsets: new Uint32Array(4),
    inTargets: new Uint32Array(0),
    labelText: 'abc',
    labelStarts: new Uint32Array([0, 1, 2]),
    labelEnds: new Uint32Array([1, 2, 3]),
    warnings: [],
  });
  const scene = new GalaxyScene();
  const { renderer, calls } = recordingRenderer();
  scene.attachRenderer(renderer);
  scene.show(new ShownGalaxies().of({ graph }));
  scene.resize(400, 300, 400, 300);
  return { scene, calls };
}

const poseAt = (step: number): CameraPose => ({ position: [step, 0, 100], orientation: [0, 0, 0, 1] });

describe('the page\'s frames while the scene draws', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks one animation frame a frame for the scene\'s draw and the runs waiting on frames, and runs one callback in it (frames 100 ms apart, the camera moving every frame)', () => {
    vi.useFakeTimers();
    const frames = stubAnimationFrames();
    const { scene, calls } = sceneOverThreeStars();
    // What waits on the page's frames in a flight: a throttle's trailing run (the tile plan, the camera save).
    const plans: number[] = [];
    const planning = new Throttle(PLAN_INTERVAL_MS, () => plans.push(performance.now()), frameQueue);
    scene.onCameraChange(() => planning.ask());
    frames.frame();
    const before = { ...frames.counts, renders: calls.renders };

    const FRAMES = 20;
    for (let frame = 0; frame < FRAMES; frame++) {
      // The flight's move (in a task of its own), then a tile arriving asks a plan, then the frame.
      scene.setCamera(poseAt(frame));
      vi.advanceTimersByTime(40);
      planning.ask();
      vi.advanceTimersByTime(60);
      frames.frame();
    }

    expect(calls.renders - before.renders).toBe(FRAMES);
    expect(frames.counts.asked - before.asked).toBe(FRAMES);
    expect(frames.counts.callbacksRun - before.callbacksRun).toBe(FRAMES);
    // The trailing plans still ran, one a frame at most PLAN_INTERVAL_MS apart.
    expect(plans.length).toBeGreaterThanOrEqual(FRAMES);
    planning.cancel();
    scene.dispose();
  });

  it('runs what waits on the frame before the draw, draws in the same frame what one of them changes, and asks nothing more once nothing waits', () => {
    vi.useFakeTimers();
    const frames = stubAnimationFrames();
    const { scene, calls } = sceneOverThreeStars();
    frames.frame();
    const order: string[] = [];
    const rendersBefore = calls.renders;
    const countRenders = () => order.push(`renders ${calls.renders - rendersBefore}`);
    // A run asked before the move, and one that changes what is drawn (as the change batcher's flush does).
    frameQueue.add(countRenders);
    scene.setCamera(poseAt(1));
    frames.frame();
    expect(order).toEqual(['renders 0']);
    expect(calls.renders - rendersBefore).toBe(1);

    frameQueue.add(() => {
      countRenders();
      scene.setHovered(2);
    });
    frames.frame();
    expect(order).toEqual(['renders 0', 'renders 1']);
    expect(calls.renders - rendersBefore).toBe(2);

    const asked = frames.counts.asked;
    frames.frame();
    expect(frames.counts.asked).toBe(asked);
    scene.dispose();
  });

  it('draws a move made by an earlier callback of the same animation frame in that frame, and dates the frame by when it was asked, before the move (the star budget\'s intervals)', () => {
    vi.useFakeTimers();
    let callbacks: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callbacks.push(callback));
    const frame = () => {
      const frameTime = performance.now();
      vi.advanceTimersByTime(1);
      const now = callbacks;
      callbacks = [];
      for (const callback of now) callback(frameTime);
    };
    const { scene, calls } = sceneOverThreeStars();
    frame();
    let step = 0;
    // The controls' tick, asked before the page's frame: it moves the camera and asks for itself again.
    const tick = () => {
      scene.setCamera(poseAt(++step));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    frameQueue.add(() => {});
    const pageFrameAskedAt = performance.now();
    const rendersBefore = calls.renders;
    frame();
    expect(calls.renders).toBe(rendersBefore + 1);
    expect(frameQueue.frameAskedAt).toBe(pageFrameAskedAt);
    // The tick's next move asks the page's frame after the tick's own: drawn a frame later, in a frame asked then.
    const tickAskedAt = performance.now() + 1; // frame() runs the callbacks 1 ms after the frame's time
    frame();
    expect(calls.renders).toBe(rendersBefore + 1);
    frame();
    expect(calls.renders).toBe(rendersBefore + 2);
    expect(frameQueue.frameAskedAt).toBe(tickAskedAt);
    callbacks = [];
    scene.dispose();
  });

  it('moves the camera by the controls in the page\'s frame callback, before that frame is drawn: each move drawn in its frame, one animation frame asked a frame', () => {
    vi.useFakeTimers();
    const frames = stubAnimationFrames();
    const { scene, calls } = sceneOverThreeStars();
    frames.frame();
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('HTMLElement', class {});
    const element = Object.assign(new EventTarget(), { dataset: {}, clientHeight: 300, contains: () => true }) as unknown as HTMLElement;
    const handlers = { onKeyCommand() {}, onNonModifierKey() {}, onMovingChange() {}, onPointerStill() {}, onPointerMove() {}, onPointerLeave() {}, onClick() {}, onDoubleClick() {}, onWheel() {}, isSteering: () => false, isDragToLook: () => true } satisfies ControlsHandlers;
    const controls = new GalaxyControls(scene, element, handlers);
    const drawnAt: number[] = [];
    const { renders } = calls;
    scene.onCameraChange(() => drawnAt.push(calls.renders - renders));
    const { asked, callbacksRun } = frames.counts;
    // W held: the camera flies forward a step a frame.
    window.dispatchEvent(Object.assign(new Event('keydown'), { code: 'KeyW', key: 'w' }));
    for (let frame = 0; frame < 5; frame++) {
      vi.advanceTimersByTime(16);
      frames.frame();
    }
    // Each move was made before the frame it came with was drawn, and drawn in it.
    expect(drawnAt).toEqual([0, 1, 2, 3, 4]);
    expect(calls.renders - renders).toBe(5);
    // The key press asked the first; each frame asked the next, one callback for the tick and the draw.
    expect(frames.counts.asked - asked).toBe(6);
    expect(frames.counts.callbacksRun - callbacksRun).toBe(5);
    controls.dispose();
    scene.dispose();
  });

  it('stops the controls\' tick while the page is hidden (its frame queue\'s fallback timer moves no camera) and starts it again when the page is shown', () => {
    vi.useFakeTimers();
    const frames = stubAnimationFrames();
    const { scene } = sceneOverThreeStars();
    frames.frame();
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('HTMLElement', class {});
    const page = Object.assign(new EventTarget(), { hidden: false });
    vi.stubGlobal('document', page);
    const element = Object.assign(new EventTarget(), { dataset: {}, clientHeight: 300, contains: () => true }) as unknown as HTMLElement;
    const handlers = { onKeyCommand() {}, onNonModifierKey() {}, onMovingChange() {}, onPointerStill() {}, onPointerMove() {}, onPointerLeave() {}, onClick() {}, onDoubleClick() {}, onWheel() {}, isSteering: () => false, isDragToLook: () => true } satisfies ControlsHandlers;
    const controls = new GalaxyControls(scene, element, handlers);
    let moves = 0;
    scene.onCameraChange(() => moves++);
    controls.startOrbit([0, 0, 0], 100, 6000);
    vi.advanceTimersByTime(16);
    frames.frame();
    expect(moves).toBe(1);
    // Hidden: no animation frame comes; the queue's fallback timer runs the tick once, which stops.
    page.hidden = true;
    page.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(10 * FRAMELESS_RUN_MS);
    expect(moves).toBe(1);
    page.hidden = false;
    page.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(16);
    frames.frame();
    expect(moves).toBe(2);
    controls.dispose();
    scene.dispose();
  });

  it('draws nothing while frames stop (a hidden tab), while the runs waiting still run within FRAMELESS_RUN_MS; the draw comes with the next frame', () => {
    vi.useFakeTimers();
    const frames = stubAnimationFrames();
    const { scene, calls } = sceneOverThreeStars();
    frames.frame();
    const rendersBefore = calls.renders;
    const run = vi.fn();
    scene.setCamera(poseAt(1));
    frameQueue.add(run);
    vi.advanceTimersByTime(FRAMELESS_RUN_MS + 1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(calls.renders).toBe(rendersBefore);
    frames.frame();
    expect(calls.renders).toBe(rendersBefore + 1);
    scene.dispose();
  });
});

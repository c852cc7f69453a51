import { isSoftwareAdapter } from '../softwareRasteriser';
import { StartedCanvas } from '../startedCanvas';
import { type EarlyWebGPUDeviceTaker, RendererUnavailableError } from '../types';

export interface WebGPUDevice {
  device: GPUDevice;
  context: GPUCanvasContext;
  format: GPUTextureFormat;
  /** The adapter runs on the CPU (SwiftShader and the like): the star budget is cut for it. */
  softwareRasteriser: boolean;
}

/** An adapter and its device, asked for before any canvas is there. */
interface StartedDevice {
  adapter: GPUAdapter;
  device: GPUDevice;
}

/** A canvas configured for the started device before the renderer: what the entry's first stars draw on. */
export interface StartedWebGPUCanvas {
  device: GPUDevice;
  context: GPUCanvasContext;
  format: GPUTextureFormat;
  /** The adapter runs on the CPU: the first stars are cut to its star budget as the viewer's will be. */
  softwareRasteriser: boolean;
}

/**
 * The adapter's device, with `timestamp-query` where the adapter offers it and is no software one
 * (the frame's GPU time, gpuTimer.ts); asked for again without it where asking with it fails, so
 * that the feature never costs the device.
 */
async function requestDevice(adapter: GPUAdapter): Promise<GPUDevice> {
  if (!adapter.features.has('timestamp-query') || isSoftwareAdapter(adapter.info)) return adapter.requestDevice();
  try {
    return await adapter.requestDevice({ requiredFeatures: ['timestamp-query'] });
  } catch {
    return adapter.requestDevice();
  }
}

/** Configures the canvas's context for `device` as every star canvas is (the started one and the renderer's); returns its format. */
function configure(context: GPUCanvasContext, device: GPUDevice): GPUTextureFormat {
  const format = navigator.gpu.getPreferredCanvasFormat();
  context.configure({ device, format, alphaMode: 'opaque' });
  return format;
}

/**
 * The adapter and device the first WebGPU renderer of a page will use, asked for before the
 * viewer's code has loaded (src/boot.ts), so that the renderer does not wait for them once its
 * canvas mounts, and a canvas configured for them that the entry's first stars draw on and the first
 * renderer takes. Where they cannot be had, the renderer asks again and says why. One per page
 * start (src/boot/pageStart.ts).
 */
export class EarlyWebGPUDevice implements EarlyWebGPUDeviceTaker {
  private device: Promise<StartedDevice | undefined> | undefined;
  /** Whether the started adapter is a software one (undefined: it gave none), kept after the renderer takes the device. */
  private softwareAdapter: Promise<boolean | undefined> | undefined;
  private rendererStarted = false;
  private readonly lostDevices = new WeakSet<GPUDevice>();
  private readonly started = new StartedCanvas<StartedWebGPUCanvas>(
    (held) => this.lostDevices.has(held.device),
    (held) => held.context.unconfigure(),
  );
  /** The first stars' frame until it is done on the GPU (holdUntilDrawn). */
  private drawn: Promise<void> | undefined;
  /** The device each canvas was configured for before its renderer: configuring it again would blank what it shows. */
  private readonly configuredFor = new WeakMap<HTMLCanvasElement, GPUDevice>();

  /** Asks for the adapter and device now (high performance), once. */
  start(): void {
    const gpu = typeof navigator === 'undefined' ? undefined : navigator.gpu;
    if (this.device || !gpu) return;
    this.device = (async () => {
      const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
      return adapter ? { adapter, device: await requestDevice(adapter) } : undefined;
    })().catch(() => undefined);
    this.softwareAdapter = this.device.then((started) => started && isSoftwareAdapter(started.adapter.info));
  }

  /**
   * Whether the adapter started here is a software one, once its device is there; undefined where
   * none was started or it gave no adapter (then ask the browser again).
   */
  async startedAdapterIsSoftware(): Promise<boolean | undefined> {
    return this.softwareAdapter;
  }

  /**
   * Before any WebGPU renderer has started, a canvas configured for the started device, which the
   * first renderer takes (takeCanvas) with the device. Undefined once a renderer has started, or
   * where there is no started device.
   */
  async canvas(): Promise<StartedWebGPUCanvas | undefined> {
    const started = await this.device;
    if (!started || this.rendererStarted) return undefined;
    if (this.started.context) return this.started.context;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgpu');
    if (!context) return undefined;
    const { device } = started;
    const format = configure(context, device);
    this.configuredFor.set(canvas, device);
    void device.lost.then(() => this.lostDevices.add(device));
    const held = { device, context, format, softwareRasteriser: isSoftwareAdapter(started.adapter.info) };
    this.started.hold(canvas, held);
    return held;
  }

  /** Whether `started` is still the canvas held for the first renderer (none has taken or dropped it). */
  stillHeld(started: StartedWebGPUCanvas): boolean {
    return this.started.context === started;
  }

  /** The canvas of `canvas()`, once, unless its device was lost meanwhile; what was drawn on it before is freed. */
  takeCanvas(): HTMLCanvasElement | undefined {
    return this.started.take()?.canvas;
  }

  /** Frees `release` (buffers drawn with before the renderer) when a renderer takes the started canvas. */
  releaseWhenTaken(release: () => void): void {
    this.started.releaseWhenTaken(release);
  }

  /** Drops the started canvas nobody took (the page left the galaxy before its renderer started). */
  drop(): void {
    this.started.drop();
  }

  /**
   * Holds the device back from the renderer until `drawn` (the first stars' frame on the started
   * canvas) is done on the GPU. The renderer's first act is to make its pipelines, and a pipeline is
   * made on the same thread of the browser's GPU process that reports a frame done: on SwiftShader
   * that put 200-300 ms of compiles before the first stars were seen done. On a GPU the wait is the
   * frame's own milliseconds.
   */
  holdUntilDrawn(drawn: Promise<void>): void {
    this.drawn = drawn.catch(() => undefined);
  }

  /**
   * Resolves when the first stars' frame given to holdUntilDrawn is done on the GPU (at once when
   * none was drawn, or its wait failed). The entry runs the viewer's code only then: that code's
   * evaluation holds the main thread for hundreds of milliseconds, and the frame's done callback,
   * and the page's next rendering update that shows the frame, wait on the main thread.
   */
  firstStarsDone(): Promise<void> {
    return this.drawn ?? Promise.resolve();
  }

  /** The started adapter and device, once, for the renderer starting now; and whether `canvas` is already configured for that device. */
  async takeDevice(canvas: HTMLCanvasElement): Promise<{ started: StartedDevice | undefined; configured: boolean }> {
    this.rendererStarted = true;
    await this.drawn;
    const started = await this.device;
    this.device = undefined;
    return { started, configured: started !== undefined && this.configuredFor.get(canvas) === started.device };
  }
}

/**
 * An adapter, a device and a configured canvas context, the page's early ones where there are;
 * throws when any of them cannot be had.
 */
export async function createWebGPUDevice(canvas: HTMLCanvasElement, early?: EarlyWebGPUDeviceTaker): Promise<WebGPUDevice> {
  if (typeof navigator === 'undefined' || !navigator.gpu) throw new RendererUnavailableError('webgpu', 'navigator.gpu is missing');
  const { started, configured } = early ? await early.takeDevice(canvas) : { started: undefined, configured: false };
  const adapter = started?.adapter ?? (await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' }));
  if (!adapter) throw new RendererUnavailableError('webgpu', 'no adapter');
  let device: GPUDevice;
  try {
    device = started?.device ?? (await requestDevice(adapter));
  } catch (error) {
    throw new RendererUnavailableError('webgpu', `no device (${error instanceof Error ? error.message : String(error)})`);
  }
  const context = canvas.getContext('webgpu');
  if (!context) {
    device.destroy();
    throw new RendererUnavailableError('webgpu', 'the canvas gave no webgpu context');
  }
  const format = configured ? navigator.gpu.getPreferredCanvasFormat() : configure(context, device);
  return { device, context, format, softwareRasteriser: isSoftwareAdapter(adapter.info) };
}

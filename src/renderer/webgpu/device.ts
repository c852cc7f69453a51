import { isSoftwareAdapter } from '../softwareRasteriser';
import { StartedCanvas } from '../startedCanvas';
import { RendererUnavailableError } from '../types';

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
}

let startedEarly: Promise<StartedDevice | undefined> | undefined;
let rendererStarted = false;
const lostDevices = new WeakSet<GPUDevice>();
const startedCanvas = new StartedCanvas<StartedWebGPUCanvas>(
  (started) => lostDevices.has(started.device),
  (started) => started.context.unconfigure(),
);
/** The device each canvas was configured for before its renderer: configuring it again would blank what it shows. */
const configuredFor = new WeakMap<HTMLCanvasElement, GPUDevice>();

/**
 * Asks for the adapter and device the first WebGPU renderer will use, before the viewer's code has
 * loaded (src/boot.ts), so that the renderer does not wait for them once its canvas mounts. Where
 * they cannot be had, the renderer asks again and says why.
 */
export function startWebGPUDevice(): void {
  const gpu = typeof navigator === 'undefined' ? undefined : navigator.gpu;
  if (startedEarly || !gpu) return;
  startedEarly = (async () => {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    return adapter ? { adapter, device: await adapter.requestDevice() } : undefined;
  })().catch(() => undefined);
}

/** Configures the canvas's context for `device` as every star canvas is (the started one and the renderer's); returns its format. */
function configure(context: GPUCanvasContext, device: GPUDevice): GPUTextureFormat {
  const format = navigator.gpu.getPreferredCanvasFormat();
  context.configure({ device, format, alphaMode: 'opaque' });
  return format;
}

/**
 * Before any WebGPU renderer has started, a canvas configured for the started device, which the
 * first renderer takes (takeStartedWebGPUCanvas) with the device. Undefined once a renderer has
 * started, or where there is no started device.
 */
export async function startWebGPUCanvas(): Promise<StartedWebGPUCanvas | undefined> {
  const started = await startedEarly;
  if (!started || rendererStarted) return undefined;
  if (startedCanvas.context) return startedCanvas.context;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('webgpu');
  if (!context) return undefined;
  const { device } = started;
  const format = configure(context, device);
  configuredFor.set(canvas, device);
  void device.lost.then(() => lostDevices.add(device));
  const held = { device, context, format };
  startedCanvas.hold(canvas, held);
  return held;
}

/** Whether `started` is still the canvas held for the first renderer (none has taken or dropped it). */
export function stillStarted(started: StartedWebGPUCanvas): boolean {
  return startedCanvas.context === started;
}

/** The canvas of startWebGPUCanvas, once, unless its device was lost meanwhile; what was drawn on it before is freed. */
export function takeStartedWebGPUCanvas(): HTMLCanvasElement | undefined {
  return startedCanvas.take()?.canvas;
}

/** Frees `release` (buffers drawn with before the renderer) when a renderer takes the started canvas. */
export function releaseWhenStartedWebGPUCanvasTaken(release: () => void): void {
  startedCanvas.releaseWhenTaken(release);
}

/** Drops the started canvas nobody took (the page left the galaxy before its renderer started). */
export function dropStartedWebGPUCanvas(): void {
  startedCanvas.drop();
}

async function takeStartedDevice(): Promise<StartedDevice | undefined> {
  const started = startedEarly;
  startedEarly = undefined;
  return started;
}

/** An adapter, a device and a configured canvas context; throws when any of them cannot be had. */
export async function createWebGPUDevice(canvas: HTMLCanvasElement): Promise<WebGPUDevice> {
  if (typeof navigator === 'undefined' || !navigator.gpu) throw new RendererUnavailableError('webgpu', 'navigator.gpu is missing');
  rendererStarted = true;
  const started = await takeStartedDevice();
  const adapter = started?.adapter ?? (await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' }));
  if (!adapter) throw new RendererUnavailableError('webgpu', 'no adapter');
  let device: GPUDevice;
  try {
    device = started?.device ?? (await adapter.requestDevice());
  } catch (error) {
    throw new RendererUnavailableError('webgpu', `no device (${error instanceof Error ? error.message : String(error)})`);
  }
  const context = canvas.getContext('webgpu');
  if (!context) {
    device.destroy();
    throw new RendererUnavailableError('webgpu', 'the canvas gave no webgpu context');
  }
  const format = configuredFor.get(canvas) === device ? navigator.gpu.getPreferredCanvasFormat() : configure(context, device);
  return { device, context, format, softwareRasteriser: isSoftwareAdapter(adapter.info) };
}

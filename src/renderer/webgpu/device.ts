import { isSoftwareAdapter } from '../softwareRasteriser';
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

let startedEarly: Promise<StartedDevice | undefined> | undefined;

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

async function takeStartedDevice(): Promise<StartedDevice | undefined> {
  const started = startedEarly;
  startedEarly = undefined;
  return started;
}

/** An adapter, a device and a configured canvas context; throws when any of them cannot be had. */
export async function createWebGPUDevice(canvas: HTMLCanvasElement): Promise<WebGPUDevice> {
  if (typeof navigator === 'undefined' || !navigator.gpu) throw new RendererUnavailableError('webgpu', 'navigator.gpu is missing');
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
  const format = navigator.gpu.getPreferredCanvasFormat();
  context.configure({ device, format, alphaMode: 'opaque' });
  return { device, context, format, softwareRasteriser: isSoftwareAdapter(adapter.info) };
}

import { isSoftwareAdapter } from '../softwareRasteriser';
import { RendererUnavailableError } from '../types';

export interface WebGPUDevice {
  device: GPUDevice;
  context: GPUCanvasContext;
  format: GPUTextureFormat;
  /** The adapter runs on the CPU (SwiftShader and the like): the star budget is cut for it. */
  softwareRasteriser: boolean;
}

/** An adapter, a device and a configured canvas context; throws when any of them cannot be had. */
export async function createWebGPUDevice(canvas: HTMLCanvasElement): Promise<WebGPUDevice> {
  if (typeof navigator === 'undefined' || !navigator.gpu) throw new RendererUnavailableError('webgpu', 'navigator.gpu is missing');
  const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) throw new RendererUnavailableError('webgpu', 'no adapter');
  let device: GPUDevice;
  try {
    device = await adapter.requestDevice();
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

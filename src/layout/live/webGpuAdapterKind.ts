import { isSoftwareAdapter, type WebGpuAdapterKind } from './chooseLayoutEngine';

/** Asks this browser's WebGPU for the adapter the layout would get, and says what kind it is. */
export async function webGpuAdapterKind(gpu: GPU | undefined = globalThis.navigator?.gpu): Promise<WebGpuAdapterKind> {
  if (!gpu) return 'none';
  try {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return 'none';
    return isSoftwareAdapter(adapter.info) ? 'software' : 'hardware';
  } catch {
    return 'none';
  }
}

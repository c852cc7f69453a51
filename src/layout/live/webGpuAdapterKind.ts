import { webGpuAdapterIsSoftware } from '../../renderer/adapterProbe';
import type { WebGpuAdapterKind } from './chooseLayoutEngine';

/** Asks this browser's WebGPU for the adapter the layout would get, and says what kind it is. */
export async function webGpuAdapterKind(gpu: GPU | undefined = globalThis.navigator?.gpu): Promise<WebGpuAdapterKind> {
  const software = await webGpuAdapterIsSoftware(gpu).catch(() => undefined);
  if (software === undefined) return 'none';
  return software ? 'software' : 'hardware';
}

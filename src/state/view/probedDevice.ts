import { probeRendererAdapter } from '../../renderer/adapterProbe';
import type { BackendPolicy } from '../../renderer/backendPolicy';
import type { EarlyGpu } from '../../renderer/earlyGpu';
import { deviceHints, type DeviceHints } from '../../tiles/planner/budgets';

/**
 * What the star budget is told of this device (src/tiles/planner/budgets.ts): the backend the
 * renderer would start with and whether it is a software rasteriser (asked once a page,
 * src/renderer/adapterProbe.ts), with what the browser says of its memory and cores. A tiled
 * galaxy's holding budget and a whole galaxy's opening star budget both come from it.
 */
export async function probedDeviceHints(policy: BackendPolicy, early: EarlyGpu | undefined): Promise<DeviceHints> {
  const { backend, softwareRasteriser } = await probeRendererAdapter(policy, early);
  return deviceHints(backend, typeof navigator === 'undefined' ? undefined : navigator, softwareRasteriser);
}

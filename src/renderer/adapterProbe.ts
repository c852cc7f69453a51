import type { BackendPolicy } from './backendPolicy';
import type { Backend } from './types';
import type { EarlyGpu } from './earlyGpu';
import { isSoftwareContext } from './webgl2/device';
import { isSoftwareAdapter } from './softwareRasteriser';

/** The backend a renderer would start with here, and whether it runs on a CPU rasteriser. */
export interface ProbedAdapter {
  backend: Backend;
  softwareRasteriser: boolean;
}

const probes = new Map<string, Promise<ProbedAdapter>>();

/**
 * Asks the backends of the policy's order in turn, as the renderer host does, which one would start and whether
 * it is a software rasteriser, before the renderer is up (the star budget of a tiled galaxy is chosen
 * while its first files download): WebGPU's adapter (a browser may have `navigator.gpu` and still
 * give no adapter, e.g. on a blocklisted driver), else the WebGL2 context the renderer then takes
 * (the page's early context), or a throwaway one once a renderer has started. Asked once a page;
 * where nothing answers (no DOM), the last backend of the order on hardware.
 */
export function probeRendererAdapter(policy: BackendPolicy, early?: EarlyGpu): Promise<ProbedAdapter> {
  const key = policy.order.join(',');
  let probe = probes.get(key);
  if (!probe) {
    probe = firstAnswer(policy, early);
    probes.set(key, probe);
  }
  return probe;
}

async function firstAnswer(policy: BackendPolicy, early: EarlyGpu | undefined): Promise<ProbedAdapter> {
  const { started } = await policy.firstThatStarts((backend) => (backend === 'webgpu' ? probeWebGPU(early) : probeWebGL2(early)));
  if (started) return { backend: started.backend, softwareRasteriser: started.value };
  return { backend: policy.order[policy.order.length - 1] ?? 'webgl2', softwareRasteriser: false };
}

/**
 * The page's early adapter where the entry started one (asking the browser again waits behind the
 * GPU process's work, the first stars' frame and the renderer's pipelines), else a fresh one.
 */
async function probeWebGPU(early: EarlyGpu | undefined): Promise<boolean | undefined> {
  return (await early?.webgpu.startedAdapterIsSoftware()) ?? webGpuAdapterIsSoftware();
}

/**
 * Whether the adapter this browser's WebGPU gives a renderer or a layout (high performance) is a
 * software one, or undefined when there is none.
 */
export async function webGpuAdapterIsSoftware(gpu: GPU | undefined = globalThis.navigator?.gpu): Promise<boolean | undefined> {
  if (!gpu) return undefined;
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  return adapter ? isSoftwareAdapter(adapter.info) : undefined;
}

/** Whether a WebGL2 context is a software one, or undefined when the browser gives none. */
async function probeWebGL2(early: EarlyGpu | undefined): Promise<boolean | undefined> {
  const kept = early?.webgl2.context();
  if (kept) return isSoftwareContext(kept);
  if (typeof document === 'undefined') return undefined;
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return undefined;
  const software = isSoftwareContext(gl);
  // A renderer has its own context already; browsers cap live contexts (16 in Chromium): give this one back at once.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return software;
}

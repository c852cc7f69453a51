import type { Backend } from './types';
import { isSoftwareContext } from './webgl2/device';
import { isSoftwareAdapter } from './softwareRasteriser';

const probes = new Map<Backend, Promise<boolean>>();

/**
 * Whether the backend would run on a software rasteriser here, asked before the renderer is up (the
 * star budget of a tiled galaxy is chosen while its first files download): WebGPU's adapter, or a
 * throwaway WebGL2 context. Asked once a page; false where it cannot tell (no DOM, no adapter).
 */
export function probeSoftwareRasteriser(backend: Backend): Promise<boolean> {
  let probe = probes.get(backend);
  if (!probe) {
    probe = (backend === 'webgpu' ? probeWebGPU() : Promise.resolve(probeWebGL2())).catch(() => false);
    probes.set(backend, probe);
  }
  return probe;
}

async function probeWebGPU(): Promise<boolean> {
  const gpu = typeof navigator === 'undefined' ? undefined : navigator.gpu;
  if (!gpu) return false;
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  return adapter ? isSoftwareAdapter(adapter.info) : false;
}

function probeWebGL2(): boolean {
  if (typeof document === 'undefined') return false;
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return false;
  const software = isSoftwareContext(gl);
  // Browsers cap live contexts (16 in Chromium): give this one back at once.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return software;
}

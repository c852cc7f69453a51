import type { Backend } from './types';

/** `renderer=webgpu|webgl2` in the page's query string (before the hash), or undefined. */
export function forcedBackend(search: string): Backend | undefined {
  const value = new URLSearchParams(search).get('renderer');
  return value === 'webgpu' || value === 'webgl2' ? value : undefined;
}

/** Tried in order: the forced backend only, else WebGPU then WebGL2. */
export function backendOrder(forced: Backend | undefined): Backend[] {
  return forced ? [forced] : ['webgpu', 'webgl2'];
}

import type { FlatOctree } from './octree';
import type { OctreeRequest, OctreeResponse } from './octree.worker';

/**
 * Builds the spatial index in a Web Worker (a copy of the points goes over, the tree comes
 * back as transferables). Rejects with the index's own error message; aborting stops the worker.
 */
export function buildOctreeOffThread(points: Float32Array, signal?: AbortSignal): Promise<FlatOctree> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./octree.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(new DOMException('Spatial index build aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<OctreeResponse>) => {
      finish();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data.tree);
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(`Spatial index worker failed: ${event.message}`));
    };
    const request: OctreeRequest = { id: 1, points: points.slice() };
    worker.postMessage(request, [request.points.buffer]);
  });
}

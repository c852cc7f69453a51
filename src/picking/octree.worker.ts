/// <reference lib="webworker" />
import { buildOctree, type FlatOctree } from './octree';

export interface OctreeRequest {
  id: number;
  points: Float32Array;
}
export type OctreeResponse = { id: number; tree: FlatOctree } | { id: number; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<OctreeRequest>) => {
  const { id, points } = event.data;
  try {
    const tree = buildOctree(points);
    const response: OctreeResponse = { id, tree };
    scope.postMessage(response, [tree.root.buffer, tree.octant.buffer, tree.firstChild.buffer, tree.childCount.buffer, tree.itemCount.buffer, tree.items.buffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies OctreeResponse);
  }
};

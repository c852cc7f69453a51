/// <reference lib="webworker" />
import type { StarCells } from '../renderer/starCells';
import { DrawnLinkPairs, pairsByFirstSlot, type SlotLinkPairs } from './drawnLinkPairs';

/** The visible pairs (slot pairs, any order) over the grid's cells, which later picks choose from. */
export interface VisibleLinksRequest {
  kind: 'visible';
  pairs: Uint32Array;
  start: Uint32Array;
  count: Uint32Array;
  slotCount: number;
  maxPairs: number;
  /** Each slot's rank, where the visible pairs pass maxPairs (capLinkPairs). */
  ranks: Uint32Array | undefined;
}
/** The pairs between the slots of the drawn cells (leading shares of the grid's cells). */
export interface PickRequest {
  kind: 'pick';
  seq: number;
  start: Uint32Array;
  count: Uint32Array;
}
export type DrawnLinksRequest = VisibleLinksRequest | PickRequest;
export interface PickResponse {
  seq: number;
  pairs: Uint32Array;
  tested: number;
}

const cellsOf = (start: Uint32Array, count: Uint32Array): StarCells => ({ cells: start.length, start, count, bounds: new Float32Array(0) });

let visible: SlotLinkPairs | undefined;
let picker: DrawnLinkPairs | undefined;
let cap: { maxPairs: number; ranks: Uint32Array | undefined } = { maxPairs: Infinity, ranks: undefined };

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<DrawnLinksRequest>) => {
  const request = event.data;
  if (request.kind === 'visible') {
    const all = cellsOf(request.start, request.count);
    visible = pairsByFirstSlot(request.pairs, all, request.slotCount);
    picker = new DrawnLinkPairs(all, request.slotCount);
    cap = { maxPairs: request.maxPairs, ranks: request.ranks };
    return;
  }
  if (!visible || !picker) return;
  const pairs = picker.select(visible, cellsOf(request.start, request.count), cap.maxPairs, cap.ranks);
  const response: PickResponse = { seq: request.seq, pairs, tested: picker.tested };
  scope.postMessage(response, [pairs.buffer]);
};

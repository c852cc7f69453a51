/// <reference lib="webworker" />
import { decodeGalaxy, graphTransferables } from '../data/wire/decodeGalaxy';
import type { GraphData } from '../data/graph';
import { DamagedRecordError, localGalaxies, type LocalGalaxyEntry } from './localGalaxies';
import { decodeCommunityStars } from '../communities/format';

declare const self: DedicatedWorkerGlobalScope;

export type LocalLoadRequest = { route: string; name: string; scale?: number };
export type LocalLoadReply =
  | { type: 'done'; data: GraphData; entry: LocalGalaxyEntry }
  | { type: 'missing' }
  | { type: 'damaged'; reason: string }
  | { type: 'error'; message: string; storage: boolean };

/** Reads a kept galaxy from IndexedDB and decodes it off the main thread, like a download. */
self.onmessage = async (event: MessageEvent<LocalLoadRequest>) => {
  const { route, name, scale } = event.data;
  let kept: Awaited<ReturnType<typeof localGalaxies.get>>;
  try {
    kept = await localGalaxies.get(name);
  } catch (error) {
    if (error instanceof DamagedRecordError) self.postMessage({ type: 'damaged', reason: error.reason } satisfies LocalLoadReply);
    else self.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error), storage: true } satisfies LocalLoadReply);
    return;
  }
  if (!kept) {
    self.postMessage({ type: 'missing' } satisfies LocalLoadReply);
    return;
  }
  try {
    const { communities, ...files } = kept.files;
    const data: GraphData = decodeGalaxy({ name: route, version: kept.entry.version, ...files, scale });
    // Its constellations' levels (communities.json) are read on the page by LocalGalaxyControls.
    if (communities) data.communities = decodeCommunityStars(new Uint8Array(communities.stars));
    const transfer = graphTransferables(data);
    if (data.communities) transfer.push(data.communities.buffer as ArrayBuffer);
    self.postMessage({ type: 'done', data, entry: kept.entry } satisfies LocalLoadReply, transfer);
  } catch (error) {
    self.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error), storage: false } satisfies LocalLoadReply);
  }
};

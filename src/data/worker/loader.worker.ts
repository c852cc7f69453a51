/// <reference lib="webworker" />
import { fetchGalaxyOrTiles } from '../fetch/fetchGalaxy';
import { GalaxyLoadError } from '../loadTypes';
import { graphTransferables } from '../wire/decodeGalaxy';
import type { LoaderReply, LoaderRequest } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

function reply(message: LoaderReply, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

self.onmessage = async (event: MessageEvent<LoaderRequest>) => {
  if (event.data.type !== 'load') return;
  const streamParts = event.data.streamParts === true;
  try {
    const fetched = await fetchGalaxyOrTiles(event.data.request, {
      fetch: (url, init) => fetch(url, init),
      onProgress: (progress, url) => reply({ type: 'progress', progress, url }),
      // A copy (the worker still needs the array for 'done'); the main thread then swaps the copy
      // it already holds into the finished graph, so the array lives there once. Links are not sent
      // ahead of the graph: sizing and linking the stars while labels still decode delayed the whole
      // graph by about a third on this machine (docs/decisions.md).
      ...(streamParts && {
        onPositions: (positions, version) =>
          reply({ type: 'positions', positions: positions.positions, nodeCount: positions.nodeCount, version }),
        onFileArrived: (file) => reply({ type: 'arrived', file }),
      }),
    });
    if ('tilesUrl' in fetched) {
      reply({ type: 'tiled', manifest: fetched.manifest, version: fetched.version, tilesUrl: fetched.tilesUrl });
      return;
    }
    reply(
      { type: 'done', data: fetched.data, manifest: fetched.manifest, version: fetched.version },
      graphTransferables(fetched.data),
    );
  } catch (error) {
    if (error instanceof GalaxyLoadError) reply({ type: 'error', message: error.message, kind: error.kind });
    else reply({ type: 'error', message: error instanceof Error ? error.message : String(error), kind: 'data' });
  }
};

/// <reference lib="webworker" />
import { fetchGalaxy } from '../fetch/fetchGalaxy';
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
    const fetched = await fetchGalaxy(event.data.request, {
      fetch: (url, init) => fetch(url, init),
      onProgress: (progress, url) => reply({ type: 'progress', progress, url }),
      // Copies (the worker still needs its arrays for 'done'); the main thread then swaps the
      // copies it already holds into the finished graph, so each array lives there once.
      ...(streamParts && {
        onPositions: (positions, version) =>
          reply({ type: 'positions', positions: positions.positions, nodeCount: positions.nodeCount, version }),
        onLinks: ({ outOffsets, outTargets, inOffsets, inTargets, edgeCount }) =>
          reply({ type: 'links', adjacency: { outOffsets, outTargets, inOffsets, inTargets, edgeCount } }),
        onFileArrived: (file) => reply({ type: 'arrived', file }),
      }),
    });
    reply(
      { type: 'done', data: fetched.data, manifest: fetched.manifest, version: fetched.version },
      graphTransferables(fetched.data),
    );
  } catch (error) {
    if (error instanceof GalaxyLoadError) reply({ type: 'error', message: error.message, kind: error.kind });
    else reply({ type: 'error', message: error instanceof Error ? error.message : String(error), kind: 'data' });
  }
};

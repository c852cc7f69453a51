/// <reference lib="webworker" />
import type { ScanRequest } from './scanProtocol';
import { ScanWorkerState } from './scanWorkerState';

/** Runs the star names' candidate scan off the main thread (docs/names.md#cost). */
const state = new ScanWorkerState();

self.onmessage = (event: MessageEvent<ScanRequest>) => {
  const reply = state.handle(event.data);
  if (reply) (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply, [reply.ids.buffer as ArrayBuffer, reply.scores.buffer as ArrayBuffer]);
};

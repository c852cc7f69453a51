/// <reference lib="webworker" />
import { labelsToMatch, type SearchReply, type SearchRequest, SEARCH_SLICE } from './protocol';
import { errorMessage } from '../tiles/format/tileError';
import { compileSearchPattern, matchLabelRange } from './regexSearch';

/**
 * Matches labels off the main thread. Work proceeds in slices with a macrotask between them so a newer
 * search (or a cancel) arriving meanwhile supersedes the running one; a pattern stuck inside one
 * label cannot be interrupted here, which is why the page terminates the worker after its time limit.
 * The worker says when each slice starts and ends and how long it has spent inside slices: the
 * page's limit counts that, not the time a search waits for the worker (its start, the names
 * arriving, a starved thread between slices).
 */
declare const self: DedicatedWorkerGlobalScope;

let labels: string[] = [];
/** Why the labels last given could not be read: every search over them says so. */
let unreadable: string | undefined;
/** The stars searches are limited to (a constellation's), or undefined for all. */
let members: Uint8Array | undefined;
let latestSearch = 0;
const cancelled = new Set<number>();

const yieldToQueue = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });

function reply(message: SearchReply): void {
  if (message.type === 'result') self.postMessage(message, [message.ids.buffer]);
  else self.postMessage(message);
}

async function run(id: number, patternText: string): Promise<void> {
  const pattern = compileSearchPattern(patternText);
  if (unreadable !== undefined) {
    reply({ type: 'unreadable', id, message: unreadable });
    return;
  }
  if (!pattern) {
    reply({ type: 'result', id, ids: new Uint32Array(0), invalid: true });
    return;
  }
  const found: number[] = [];
  let matchedMs = 0;
  for (let start = 0; start < labels.length; start += SEARCH_SLICE) {
    if (id !== latestSearch || cancelled.has(id)) {
      cancelled.delete(id);
      reply({ type: 'cancelled', id });
      return;
    }
    reply({ type: 'matching', id, matchedMs });
    const sliceStart = performance.now();
    matchLabelRange(pattern, labels, start, start + SEARCH_SLICE, found, members);
    matchedMs += performance.now() - sliceStart;
    reply({ type: 'waiting', id, matchedMs });
    await yieldToQueue();
  }
  cancelled.delete(id);
  reply({ type: 'result', id, ids: Uint32Array.from(found), invalid: false });
}

self.onmessage = (event: MessageEvent<SearchRequest>) => {
  const message = event.data;
  if (message.type === 'labels') {
    try {
      labels = labelsToMatch(message);
      unreadable = undefined;
    } catch (error) {
      labels = [];
      unreadable = errorMessage(error);
    }
  } else if (message.type === 'limit') {
    members = message.members;
  } else if (message.type === 'cancel') {
    cancelled.add(message.id);
  } else {
    latestSearch = message.id;
    void run(message.id, message.pattern);
  }
};

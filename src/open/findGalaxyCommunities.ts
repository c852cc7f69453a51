import type { CommunitiesReply, CommunitiesRequest, CommunityFiles } from './communitiesProtocol';

export type CommunitiesOutcome = { kind: 'done'; files: CommunityFiles } | { kind: 'error'; message: string } | { kind: 'cancelled' };

/** A worker as findGalaxyCommunities uses it (tests hand in one that runs in this thread). */
export interface CommunitiesWorker {
  onmessage: ((event: MessageEvent<CommunitiesReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: CommunitiesRequest): void;
  terminate(): void;
}

function browserWorker(): CommunitiesWorker {
  return new Worker(new URL('./communities.worker.ts', import.meta.url), { type: 'module' }) as unknown as CommunitiesWorker;
}

/**
 * Finds an imported graph's communities in a Web Worker (docs/communities.md), telling `onLevel`
 * each level as it is found. Aborting `signal` terminates the worker at once (Leiden cannot be
 * stopped otherwise): the outcome is 'cancelled' and nothing is kept of it.
 */
export function findGalaxyCommunities(
  request: CommunitiesRequest,
  options: { signal?: AbortSignal; onLevel?: (level: number, count: number) => void; createWorker?: () => CommunitiesWorker },
): Promise<CommunitiesOutcome> {
  return new Promise((resolve) => {
    const worker = (options.createWorker ?? browserWorker)();
    const finish = (outcome: CommunitiesOutcome) => {
      worker.terminate();
      options.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => finish({ kind: 'cancelled' });
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event) => {
      const reply = event.data;
      if (reply.type === 'level') options.onLevel?.(reply.level, reply.count);
      else if (reply.type === 'done') finish({ kind: 'done', files: reply.files });
      else finish({ kind: 'error', message: reply.message });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish({ kind: 'error', message: `Finding the constellations stopped: ${event.message || 'the worker failed (out of memory?)'}` });
    };
    worker.postMessage(request);
  });
}

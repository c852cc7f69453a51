import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TileWorkerReply, TileWorkerRequest } from '../../../../src/tiles/stream/tileWorkerProtocol';

/** The tile worker's first script run in-process against a stand-in for its global scope. */
async function bootWorker(): Promise<{ send: (message: TileWorkerRequest) => void; posted: TileWorkerReply[] }> {
  const posted: TileWorkerReply[] = [];
  const scope: { name: string; onmessage: ((event: { data: TileWorkerRequest }) => void) | null; postMessage: (message: TileWorkerReply) => void } = {
    name: '',
    onmessage: null,
    postMessage: (message) => posted.push(message),
  };
  vi.stubGlobal('self', scope);
  await import('../../../../src/tiles/stream/tile.worker');
  return { send: (data) => scope.onmessage?.({ data }), posted };
}

describe('the tile worker\'s first script', () => {
  afterEach(() => {
    vi.doUnmock('../../../../src/tiles/stream/tileWorkerMain');
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('fails the opening and each request, saying why, when the worker\'s code cannot be loaded', async () => {
    vi.doMock('../../../../src/tiles/stream/tileWorkerMain', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const worker = await bootWorker();
    worker.send({ type: 'open', tilesUrl: 'http://viewer.example/data/npm/v1/tiles/', files: [] });
    worker.send({ type: 'request', id: 1, request: { kind: 'tile', index: 3 } });
    await vi.waitFor(() => expect(worker.posted).toHaveLength(2));
    expect(worker.posted[0]).toMatchObject({ type: 'open-failed', message: expect.stringContaining("the tile worker's code could not be loaded") });
    expect(worker.posted[1]).toMatchObject({ type: 'failed', id: 1, message: expect.stringContaining('could not be loaded') });
  });

  it('passes messages on in the order they came once its code has loaded', async () => {
    const received: TileWorkerRequest[] = [];
    vi.doMock('../../../../src/tiles/stream/tileWorkerMain', () => ({ tileWorkerReceiver: () => (message: TileWorkerRequest) => received.push(message) }));
    const worker = await bootWorker();
    worker.send({ type: 'open', tilesUrl: 'http://viewer.example/data/npm/v1/tiles/', files: [] });
    worker.send({ type: 'request', id: 1, request: { kind: 'tile', index: 3 } });
    worker.send({ type: 'cancel', id: 1 });
    await vi.waitFor(() => expect(received.map((message) => message.type)).toEqual(['open', 'request', 'cancel']));
    expect(worker.posted).toEqual([]);
  });
});

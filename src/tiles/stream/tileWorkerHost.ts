import type { HandedFiles } from '../format/earlyFiles';
import { decodedTileBuffer } from '../format/tileCodec';
import { errorMessage, isStalled, TileDataError } from '../format/tileError';
import { STALL_LIMIT_MS } from '../../data/loadTypes';
import { answerTileRequest, transferablesOf, type TileSource } from './tileSource';
import type { TileWorkerReply, TileWorkerRequest } from './tileWorkerProtocol';

export type PostTileReply = (message: TileWorkerReply, transfer: Transferable[]) => void;

/**
 * The tile worker's side of the protocol, apart from the worker itself so that Node tests can run it
 * in-process: opens a source on 'open', answers each request with its typed arrays as transferables,
 * aborts a request on 'cancel' (and then says nothing about it). An 'open' of the galaxy already open is
 * ignored but for its stall limit, which `openSource`'s files read through `stallLimitMs()` at each request.
 */
export function tileWorkerHost(
  post: PostTileReply,
  openSource: (tilesUrl: string, files: HandedFiles, stallLimitMs: () => number) => Promise<TileSource>,
): (message: TileWorkerRequest) => void {
  let source: Promise<TileSource> | undefined;
  let openedUrl: string | undefined;
  let stallLimitMs = STALL_LIMIT_MS;
  const running = new Map<number, AbortController>();

  const open = async (tilesUrl: string, files: HandedFiles) => {
    // The worker may have opened its galaxy from its name before the page's 'open' came.
    if (tilesUrl === openedUrl) return;
    openedUrl = tilesUrl;
    source = openSource(tilesUrl, files, () => stallLimitMs);
    try {
      const { index, hierarchy } = await source;
      post({ type: 'opened', index, hierarchy }, []);
    } catch (error) {
      post({ type: 'open-failed', message: errorMessage(error), stalled: isStalled(error) }, []);
    }
  };

  const answer = async (id: number, message: Extract<TileWorkerRequest, { type: 'request' }>) => {
    const controller = new AbortController();
    running.set(id, controller);
    try {
      if (!source) throw new TileDataError('the tile worker was asked for a file before it opened a galaxy');
      const opened = await source;
      const result = await answerTileRequest(opened, message.request, controller.signal);
      if (!controller.signal.aborted) post({ type: 'answer', id, answer: result }, transferablesOf(result));
      // A tile decoded for a page that no longer wants it: its buffer serves the next tile instead of waiting for a collection.
      else if (result.kind === 'tile') opened.recycle(decodedTileBuffer(result.tile));
    } catch (error) {
      const tile = error instanceof TileDataError ? error.tile : undefined;
      if (!controller.signal.aborted) post({ type: 'failed', id, message: errorMessage(error), tile, stalled: isStalled(error) }, []);
    } finally {
      running.delete(id);
    }
  };

  return (message) => {
    if (message.type === 'open') {
      if (message.stallLimitMs !== undefined) stallLimitMs = message.stallLimitMs;
      void open(message.tilesUrl, message.files ?? []);
    }
    else if (message.type === 'request') void answer(message.id, message);
    else if (message.type === 'recycle') void source?.then((opened) => opened.recycle(message.buffer), () => {});
    else running.get(message.id)?.abort();
  };
}

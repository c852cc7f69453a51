/// <reference lib="webworker" />
import { tilesUrlOfWorkerName, type TileWorkerReply, type TileWorkerRequest } from './tileWorkerProtocol';

/**
 * The tile worker's first script, a few hundred bytes, so that the page can start the worker with
 * the galaxy's first requests without its code sharing the link with them: the worker's thread is up
 * and this script has run before the page's main thread gets busy (the first stars, the viewer's
 * code), and a message posted to a worker that has not yet run its script waits for that thread to
 * pass it on. Its code (tileWorkerMain.ts) is fetched once it is asked to open a galaxy, which the
 * page does once its first files are in.
 */
declare const self: DedicatedWorkerGlobalScope;

const post = (message: TileWorkerReply, transfer: Transferable[]) => self.postMessage(message, transfer);
let receiver: Promise<(message: TileWorkerRequest) => void> | undefined;

/** What the page hears when the worker's code cannot be loaded: the opening or the request fails, saying why. */
function failLoad(message: TileWorkerRequest, error: unknown): void {
  // errorMessage (tileError.ts) written out: importing it would make the bundler put tileError.ts in
  // this script, for the worker's code to import back from it.
  const why = `the tile worker's code could not be loaded (${error instanceof Error ? error.message : String(error)})`;
  if (message.type === 'open') post({ type: 'open-failed', message: why }, []);
  else if (message.type === 'request') post({ type: 'failed', id: message.id, message: why }, []);
}

/** Messages are passed on in the order they came, once the code has loaded. */
function receive(message: TileWorkerRequest): void {
  receiver ??= import('./tileWorkerMain').then(({ tileWorkerReceiver }) => tileWorkerReceiver(post));
  receiver.then(
    (pass) => pass(message),
    (error: unknown) => failLoad(message, error),
  );
}

self.onmessage = (event: MessageEvent<TileWorkerRequest>) => receive(event.data);
const named = tilesUrlOfWorkerName(self.name);
if (named !== undefined) receive({ type: 'open', tilesUrl: named });

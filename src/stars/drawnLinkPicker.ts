import type { StarCells } from '../renderer/starCells';
import { DrawnLinkPairs, pairsByFirstSlot, type SlotLinkPairs } from './drawnLinkPairs';
import type { DrawnLinksRequest, PickResponse } from './drawnLinkPairs.worker';

export interface PickedLinks {
  /** Slot pairs between drawn stars. */
  pairs: Uint32Array;
  /** Pairs whose second slot was tested: the pick's work. */
  tested: number;
}

/**
 * Picks a whole galaxy's visible links between drawn stars (src/stars/drawnLinkPairs.ts) for a
 * choice of cells within the star budget. `visible` (slot pairs over the cells `all`) is the same
 * array from pick to pick until the links, their settings or the slots change. Answers through
 * `answer`, at once (in the page's thread) or later (in a worker); the asker drops answers it no
 * longer waits for.
 */
export interface DrawnLinkPicker {
  pick(visible: Uint32Array, all: StarCells, slotCount: number, drawn: StarCells, answer: (picked: PickedLinks) => void): void;
  dispose(): void;
}

/** Picks in the page's thread (Node, tests, and where a worker fails). */
export function pickInThread(): DrawnLinkPicker {
  let held: { visible: Uint32Array; all: StarCells; sorted: SlotLinkPairs; picker: DrawnLinkPairs } | undefined;
  return {
    pick(visible, all, slotCount, drawn, answer) {
      if (held?.visible !== visible || held.all !== all) held = { visible, all, sorted: pairsByFirstSlot(visible, all, slotCount), picker: new DrawnLinkPairs(all, slotCount) };
      const pairs = held.picker.select(held.sorted, drawn);
      answer({ pairs, tested: held.picker.tested });
    },
    dispose() {
      held = undefined;
    },
  };
}

export interface DrawnLinksWorkerLike {
  onmessage: ((event: MessageEvent<PickResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: DrawnLinksRequest, transfer?: Transferable[]): void;
  terminate(): void;
}

function startWorker(): DrawnLinksWorkerLike {
  return new Worker(new URL('./drawnLinkPairs.worker.ts', import.meta.url), { type: 'module', name: 'drawn-links' }) as unknown as DrawnLinksWorkerLike;
}

/**
 * Picks in a worker holding the visible pairs (a copy goes over once per `visible`, sorted there by
 * first slot): each pick sends the drawn cells' starts and counts and gets the pairs back
 * transferred, so the page's thread does no work per pair. A failed worker hands its picks to the
 * page's thread.
 */
export function pickOffThread(createWorker: () => DrawnLinksWorkerLike = startWorker): DrawnLinkPicker {
  let worker: DrawnLinksWorkerLike | undefined;
  let failed: DrawnLinkPicker | undefined;
  let sent: { visible: Uint32Array; all: StarCells } | undefined;
  let seq = 0;
  const waiting = new Map<number, (picked: PickedLinks) => void>();
  return {
    pick(visible, all, slotCount, drawn, answer) {
      if (failed) return failed.pick(visible, all, slotCount, drawn, answer);
      if (!worker) {
        worker = createWorker();
        worker.onmessage = (event) => {
          const reply = waiting.get(event.data.seq);
          // Answers come in order: any asked before this one are answered by it.
          for (const key of waiting.keys()) if (key <= event.data.seq) waiting.delete(key);
          reply?.({ pairs: event.data.pairs, tested: event.data.tested });
        };
        worker.onerror = (event) => {
          console.warn('Drawn links worker failed; links between drawn stars are picked in the page instead.', event.message);
          worker?.terminate();
          failed = pickInThread();
          sent = undefined;
          waiting.clear();
        };
      }
      if (sent?.visible !== visible || sent.all !== all) {
        sent = { visible, all };
        const pairs = visible.slice();
        worker.postMessage({ kind: 'visible', pairs, start: all.start.slice(), count: all.count.slice(), slotCount }, [pairs.buffer]);
      }
      waiting.set(++seq, answer);
      worker.postMessage({ kind: 'pick', seq, start: drawn.start.slice(), count: drawn.count.slice() });
    },
    dispose() {
      worker?.terminate();
      worker = undefined;
      waiting.clear();
    },
  };
}

/**
 * Visible links at most this many are picked in the page's thread: a pick tests at most these pairs
 * (0.45 ms for 38,044 at a load of 11-18 on this project's 2-core machine), less than a worker's
 * isolate would cost in memory (classic npm at the default `ml` shows 16,473).
 */
export const IN_THREAD_PICK_PAIRS = 65_536;

/**
 * Picks in the page's thread while the visible links are few (IN_THREAD_PICK_PAIRS), else in a
 * worker where the page has them (started at the first such pick).
 */
export function pickBySize(inThread: DrawnLinkPicker = pickInThread(), offThread: () => DrawnLinkPicker = pickOffThread): DrawnLinkPicker {
  let worker: DrawnLinkPicker | undefined;
  return {
    pick(visible, all, slotCount, drawn, answer) {
      if (visible.length / 2 <= IN_THREAD_PICK_PAIRS || typeof Worker === 'undefined') return inThread.pick(visible, all, slotCount, drawn, answer);
      worker ??= offThread();
      worker.pick(visible, all, slotCount, drawn, answer);
    },
    dispose() {
      inThread.dispose();
      worker?.dispose();
    },
  };
}

/** The picker a whole galaxy uses. */
export const defaultLinkPicker = (): DrawnLinkPicker => pickBySize();

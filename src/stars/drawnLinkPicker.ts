import type { StarCells } from '../renderer/starCells';
import { DrawnLinkPairs, pairsByFirstSlot, type SlotLinkPairs, type VisibleSlotLinks } from './drawnLinkPairs';
import type { DrawnLinksRequest, PickResponse } from './drawnLinkPairs.worker';

export interface PickedLinks {
  /** Slot pairs between drawn stars. */
  pairs: Uint32Array;
  /** Pairs whose second slot was tested: the pick's work. */
  tested: number;
}

/**
 * Picks a whole galaxy's visible links between drawn stars (src/stars/drawnLinkPairs.ts) for a
 * choice of cells within the star budget, at most `visible.maxPairs` of them (capLinkPairs).
 * `visible` is the same object from pick to pick until the links, their settings or the slots
 * change. Answers through
 * `answer`, at once (in the page's thread) or later (in a worker); the asker drops answers it no
 * longer waits for.
 */
export interface DrawnLinkPicker {
  pick(visible: VisibleSlotLinks, drawn: StarCells, answer: (picked: PickedLinks) => void): void;
  dispose(): void;
}

/** Picks in the page's thread (Node, tests, and where a worker fails). */
export function pickInThread(): DrawnLinkPicker {
  let held: { visible: VisibleSlotLinks; sorted: SlotLinkPairs; picker: DrawnLinkPairs } | undefined;
  return {
    pick(visible, drawn, answer) {
      const { pairs: all, all: cells, slotCount, maxPairs, ranks } = visible;
      if (held?.visible !== visible) held = { visible, sorted: pairsByFirstSlot(all, cells, slotCount), picker: new DrawnLinkPairs(cells, slotCount) };
      const pairs = held.picker.select(held.sorted, drawn, maxPairs, ranks);
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
  let sent: VisibleSlotLinks | undefined;
  let seq = 0;
  const waiting = new Map<number, (picked: PickedLinks) => void>();
  return {
    pick(visible, drawn, answer) {
      if (failed) return failed.pick(visible, drawn, answer);
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
      if (sent !== visible) {
        sent = visible;
        const { all, slotCount, maxPairs } = visible;
        const pairs = visible.pairs.slice();
        const ranks = visible.ranks?.slice();
        const transfer = ranks ? [pairs.buffer, ranks.buffer] : [pairs.buffer];
        worker.postMessage({ kind: 'visible', pairs, start: all.start.slice(), count: all.count.slice(), slotCount, maxPairs, ranks }, transfer);
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
    pick(visible, drawn, answer) {
      if (visible.pairs.length / 2 <= IN_THREAD_PICK_PAIRS || typeof Worker === 'undefined') return inThread.pick(visible, drawn, answer);
      worker ??= offThread();
      worker.pick(visible, drawn, answer);
    },
    dispose() {
      inThread.dispose();
      worker?.dispose();
    },
  };
}

/** The picker a whole galaxy uses. */
export const defaultLinkPicker = (): DrawnLinkPicker => pickBySize();

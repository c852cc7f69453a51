import { describe, expect, it } from 'vitest';
import type { StarCells } from '../../../src/renderer/starCells';
import { IN_THREAD_PICK_PAIRS, pickBySize, pickOffThread, type DrawnLinkPicker, type DrawnLinksWorkerLike, type PickedLinks } from '../../../src/stars/drawnLinkPicker';
import { DrawnLinkPairs, pairsByFirstSlot } from '../../../src/stars/drawnLinkPairs';
import type { DrawnLinksRequest, PickResponse } from '../../../src/stars/drawnLinkPairs.worker';

const cells = (start: number[], count: number[]): StarCells => ({ cells: start.length, start: Uint32Array.from(start), count: Uint32Array.from(count), bounds: new Float32Array(start.length * 6) });

/** Two cells of slots 0-4 and 5-9; links between all sorts of slots, in no particular order. */
const all = cells([0, 5], [5, 5]);
const visible = Uint32Array.from([7, 1, 0, 9, 1, 2, 4, 6, 6, 5, 3, 8, 0, 5, 2, 3]);

/** The pairs as "from-to", sorted. */
const pairsOf = (pairs: Uint32Array) => Array.from({ length: pairs.length / 2 }, (_, i) => `${pairs[i * 2]}-${pairs[i * 2 + 1]}`).sort();

describe('the links between drawn stars', () => {
  it('are the visible pairs whose both slots lie in the leading shares drawn, and the work is the drawn first slots\' pairs', () => {
    const sorted = pairsByFirstSlot(visible, all, 10);
    expect(Array.from(sorted.cellPairStart)).toEqual([0, 6, 8]);
    const picker = new DrawnLinkPairs(all, 10);
    // Slots 0-2 and 5-6 drawn.
    expect(pairsOf(picker.select(sorted, cells([0, 5], [3, 2])))).toEqual(['0-5', '1-2', '6-5']);
    expect(picker.tested).toBe(5);
    expect(pairsOf(picker.select(sorted, cells([5], [5])))).toEqual(['6-5']);
    expect(pairsOf(picker.select(sorted, all))).toEqual(pairsOf(visible));
    expect(pairsOf(picker.select(sorted, cells([0], [2])))).toEqual([]);
  });

  it('are picked in a worker that gets the visible pairs once, and each pick\'s drawn cells', () => {
    const sent: DrawnLinksRequest[] = [];
    const worker: DrawnLinksWorkerLike = { onmessage: null, onerror: null, postMessage: (message) => sent.push(message), terminate: () => {} };
    const picker = pickOffThread(() => worker);
    const answers: PickedLinks[] = [];
    picker.pick(visible, all, 10, cells([0, 5], [3, 2]), (picked) => answers.push(picked));
    picker.pick(visible, all, 10, all, (picked) => answers.push(picked));
    expect(sent.map((message) => message.kind)).toEqual(['visible', 'pick', 'pick']);
    // The worker's copy: the page's pairs stay as they were.
    expect(sent[0].kind === 'visible' && sent[0].pairs).not.toBe(visible);
    const reply = (data: PickResponse) => worker.onmessage?.({ data } as MessageEvent<PickResponse>);
    const seqs = sent.flatMap((message) => (message.kind === 'pick' ? [message.seq] : []));
    reply({ seq: seqs[1], pairs: Uint32Array.of(1, 2), tested: 8 });
    // The first pick's answer, were it to come after the second's, goes nowhere.
    reply({ seq: seqs[0], pairs: Uint32Array.of(0, 5), tested: 5 });
    expect(answers).toEqual([{ pairs: Uint32Array.of(1, 2), tested: 8 }]);
  });

  it('are picked in the page while the visible links are few, and in a worker (started once) beyond', () => {
    const calls: string[] = [];
    const recording = (name: string): DrawnLinkPicker => ({ pick: () => calls.push(name), dispose: () => {} });
    let started = 0;
    const picker = pickBySize(recording('page'), () => {
      started++;
      return recording('worker');
    });
    const few = new Uint32Array(IN_THREAD_PICK_PAIRS * 2);
    const many = new Uint32Array((IN_THREAD_PICK_PAIRS + 1) * 2);
    const globals = globalThis as { Worker?: unknown };
    const hadWorker = 'Worker' in globals;
    globals.Worker ??= class {};
    try {
      picker.pick(few, all, 10, all, () => {});
      expect(started).toBe(0);
      picker.pick(many, all, 10, all, () => {});
      picker.pick(many, all, 10, all, () => {});
      expect(calls).toEqual(['page', 'worker', 'worker']);
      expect(started).toBe(1);
    } finally {
      if (!hadWorker) delete globals.Worker;
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { StarCells } from '../../../src/renderer/starCells';
import { IN_THREAD_PICK_PAIRS, pickBySize, pickInThread, pickOffThread, type DrawnLinkPicker, type DrawnLinksWorkerLike, type PickedLinks } from '../../../src/stars/drawnLinkPicker';
import { capLinkPairs, DrawnLinkPairs, pairsByFirstSlot, starRanksBySlot, type VisibleSlotLinks } from '../../../src/stars/drawnLinkPairs';
import type { DrawnLinksRequest, PickResponse } from '../../../src/stars/drawnLinkPairs.worker';

const cells = (start: number[], count: number[]): StarCells => ({ cells: start.length, start: Uint32Array.from(start), count: Uint32Array.from(count), bounds: new Float32Array(start.length * 6) });

/** Two cells of slots 0-4 and 5-9; links between all sorts of slots, in no particular order. */
const all = cells([0, 5], [5, 5]);
const visible = Uint32Array.from([7, 1, 0, 9, 1, 2, 4, 6, 6, 5, 3, 8, 0, 5, 2, 3]);
const visibleLinks = (pairs: Uint32Array): VisibleSlotLinks => ({ pairs, all, slotCount: 10, maxPairs: Infinity, ranks: undefined });

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
    const links = visibleLinks(visible);
    picker.pick(links, cells([0, 5], [3, 2]), (picked) => answers.push(picked));
    picker.pick(links, all, (picked) => answers.push(picked));
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
    const few = visibleLinks(new Uint32Array(IN_THREAD_PICK_PAIRS * 2));
    const many = visibleLinks(new Uint32Array((IN_THREAD_PICK_PAIRS + 1) * 2));
    const globals = globalThis as { Worker?: unknown };
    const hadWorker = 'Worker' in globals;
    globals.Worker ??= class {};
    try {
      picker.pick(few, all, () => {});
      expect(started).toBe(0);
      picker.pick(many, all, () => {});
      picker.pick(many, all, () => {});
      expect(calls).toEqual(['page', 'worker', 'worker']);
      expect(started).toBe(1);
    } finally {
      if (!hadWorker) delete globals.Worker;
    }
  });
});

/** The rule capLinkPairs follows, the slow way: pairs by their less important star's rank (stable: ties as listed), the first `max`, as listed. */
function capBySort(pairs: Uint32Array, ranks: Uint32Array, max: number): Uint32Array {
  const listed = Array.from({ length: pairs.length / 2 }, (_, i) => i);
  const rank = (i: number) => Math.max(ranks[pairs[i * 2]], ranks[pairs[i * 2 + 1]]);
  const taken = listed.sort((a, b) => rank(a) - rank(b) || a - b).slice(0, max).sort((a, b) => a - b);
  return Uint32Array.from(taken.flatMap((i) => [pairs[i * 2], pairs[i * 2 + 1]]));
}

describe('the link budget', () => {
  it('ranks a whole galaxy\'s stars most linked first, ties by star number, by slot', () => {
    // In-degrees by star: 1, 3, 0, 3, 2; slots hold stars 4, 3, 2, 1, 0.
    const inOffsets = Uint32Array.from([0, 1, 4, 4, 7, 9]);
    expect(Array.from(starRanksBySlot(Uint32Array.from([4, 3, 2, 1, 0]), inOffsets))).toEqual([2, 1, 4, 0, 3]);
  });

  it('keeps the pairs whose less important star ranks first, ties as listed, in the order listed, and all of them when they fit', () => {
    const ranks = Uint32Array.from([0, 1, 2, 3, 4, 5]);
    // Less important ranks: 5, 1, 3, 3, 2, 3.
    const pairs = Uint32Array.from([0, 5, 1, 0, 3, 1, 2, 3, 2, 0, 3, 0]);
    expect(Array.from(capLinkPairs(pairs, ranks, 4))).toEqual([1, 0, 3, 1, 2, 3, 2, 0]);
    expect(Array.from(capLinkPairs(pairs, ranks, 3))).toEqual([1, 0, 3, 1, 2, 0]);
    expect(capLinkPairs(pairs, ranks, 6)).toBe(pairs);
    expect(capLinkPairs(pairs, ranks, 0).length).toBe(0);
  });

  it('keeps the same pairs as a sort by rank over many stars (ranks past its first count\'s buckets)', () => {
    const stars = 300_000;
    let state = 7;
    const next = (below: number) => (state = (state * 1664525 + 1013904223) >>> 0) % below;
    const ranks = Uint32Array.from({ length: stars }, (_, i) => i);
    for (let i = stars - 1; i > 0; i--) {
      const j = next(i + 1);
      [ranks[i], ranks[j]] = [ranks[j], ranks[i]];
    }
    // Few distinct less important stars among many pairs: many ties at the cut.
    const pairs = Uint32Array.from({ length: 200_000 }, (_, i) => (i % 2 ? next(stars) : next(40)));
    for (const max of [1, 777, 50_000, 99_999]) expect(capLinkPairs(pairs, ranks, max)).toEqual(capBySort(pairs, ranks, max));
  });

  it('caps the pairs a pick hands back, the worker told the cap with the visible pairs', () => {
    const ranks = Uint32Array.from([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const capped: VisibleSlotLinks = { pairs: visible, all, slotCount: 10, maxPairs: 3, ranks };
    const answers: PickedLinks[] = [];
    pickInThread().pick(capped, all, (picked) => answers.push(picked));
    const between = pairsByFirstSlot(visible, all, 10).pairs;
    expect(answers[0].pairs).toEqual(capBySort(between, ranks, 3));
    const sent: DrawnLinksRequest[] = [];
    const worker: DrawnLinksWorkerLike = { onmessage: null, onerror: null, postMessage: (message) => sent.push(message), terminate: () => {} };
    pickOffThread(() => worker).pick(capped, all, () => {});
    expect(sent[0]).toMatchObject({ kind: 'visible', maxPairs: 3, ranks });
  });
});

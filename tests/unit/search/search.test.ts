import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CommandHost, createConsoleCommands, parseColor, runCommand } from '../../../src/search/commands';
import { LabelSearch } from '../../../src/search/labelSearch';
import { indexLabels } from '../../../src/data/labelIndex';
import { classifySearchInput, matchLabels } from '../../../src/search/regexSearch';
import { InProcessSearchWorker } from '../../support/inProcessSearchWorker';

const labels = ['react', 'React-DOM', 'preact', 'lodash', '<b>bold</b>', 'a+b'];
const joined = indexLabels(labels);

describe('search rules', () => {
  it('does nothing on empty input, runs commands after ":" and searches otherwise', () => {
    expect(classifySearchInput('')).toEqual({ kind: 'nothing' });
    expect(classifySearchInput(':hl react')).toEqual({ kind: 'command', script: 'hl react' });
    expect(classifySearchInput('react')).toEqual({ kind: 'pattern', pattern: 'react' });
  });

  it('matches labels case-insensitively as a regular expression', () => {
    expect(Array.from(matchLabels('react', labels))).toEqual([0, 1, 2]);
    expect(Array.from(matchLabels('^react', labels))).toEqual([0, 1]);
    expect(Array.from(matchLabels('DOM$', labels))).toEqual([1]);
    expect(Array.from(matchLabels('<b>', labels))).toEqual([4]);
  });

  it('finds every match despite the global flag remembering its last position', () => {
    const same = ['aaa', 'aaa', 'aaa', 'aaa'];
    expect(matchLabels('a', same).length).toBe(4);
  });

  it('matches nothing for an invalid pattern', () => {
    expect(matchLabels('a+(', labels).length).toBe(0);
    expect(matchLabels('[', labels).length).toBe(0);
  });
});

/** A search with a 1 s limit whose first worker gets stuck in the first pattern it matches; later workers answer. */
function searchWithRunawayFirst(): { search: LabelSearch; workers: InProcessSearchWorker[] } {
  const workers: InProcessSearchWorker[] = [];
  const search = new LabelSearch(() => {
    const worker = new InProcessSearchWorker();
    worker.hang = workers.length === 0;
    workers.push(worker);
    return worker;
  }, 1000);
  search.setLabels(joined);
  return { search, workers };
}

describe('LabelSearch', () => {
  it('answers with matching ids from the worker', async () => {
    const search = new LabelSearch(() => new InProcessSearchWorker());
    search.setLabels(joined);
    const outcome = await search.search('lodash');
    expect(outcome).toEqual({ status: 'done', ids: Uint32Array.from([3]), invalid: false });
  });

  it('cancels a search superseded by the next one', async () => {
    const worker = new InProcessSearchWorker();
    worker.hang = true;
    const search = new LabelSearch(() => worker);
    search.setLabels(joined);
    const first = search.search('r');
    worker.hang = false;
    const second = search.search('re');
    expect(await first).toEqual({ status: 'cancelled' });
    expect((await second).status).toBe('done');
    expect(worker.received.some((message) => message.type === 'cancel')).toBe(true);
  });

  describe('at rest', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    function restingSearch(): { search: LabelSearch; workers: InProcessSearchWorker[] } {
      const workers: InProcessSearchWorker[] = [];
      const search = new LabelSearch(
        () => {
          const worker = new InProcessSearchWorker();
          workers.push(worker);
          return worker;
        },
        4000,
        undefined,
        5000,
      );
      search.setLabels(joined);
      return { search, workers };
    }

    it('ends the worker with its names once no search has come for the rest time, even if none ever came', async () => {
      const { search, workers } = restingSearch();
      expect(search.running).toBe(true);
      await vi.advanceTimersByTimeAsync(4999);
      expect(workers[0].terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(workers[0].terminated).toBe(true);
      expect(search.running).toBe(false);
    });

    it('finds the same stars after a rest, in a fresh worker sent the names and the limit again', async () => {
      const { search, workers } = restingSearch();
      search.limitToStars(Uint8Array.from([1, 1, 1, 1, 0, 0]));
      const before = await search.search('react|a');
      await vi.advanceTimersByTimeAsync(5000);
      expect(workers[0].terminated).toBe(true);
      const after = await search.search('react|a');
      expect(after).toEqual(before);
      expect(after).toEqual({ status: 'done', ids: Uint32Array.from([0, 1, 2, 3]), invalid: false });
      expect(workers).toHaveLength(2);
      expect(workers[1].labels).toEqual(labels);
      // The next rest is counted from that search's answer.
      await vi.advanceTimersByTimeAsync(5000);
      expect(workers[1].terminated).toBe(true);
    });

    it('keeps the worker while a search waits on it, however long past the rest time, and rests after its answer', async () => {
      const { search, workers } = restingSearch();
      await vi.advanceTimersByTimeAsync(4000);
      // The worker starts matching only after 9 s (a starved thread), well past the rest time.
      workers[0].startAfterMs = 9000;
      const outcome = search.search('lodash');
      await vi.advanceTimersByTimeAsync(9000);
      expect(await outcome).toEqual({ status: 'done', ids: Uint32Array.from([3]), invalid: false });
      expect(workers).toHaveLength(1);
      expect(workers[0].terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(5000);
      expect(workers[0].terminated).toBe(true);
    });

    it('answers a search asked just as the rest ends the worker, from a fresh one', async () => {
      const { search, workers } = restingSearch();
      await vi.advanceTimersByTimeAsync(5000);
      const outcome = search.search('preact');
      await vi.advanceTimersByTimeAsync(0);
      expect(await outcome).toEqual({ status: 'done', ids: Uint32Array.from([2]), invalid: false });
      expect(workers).toHaveLength(2);
    });

    it('starts no worker again after it is disposed', async () => {
      const { search, workers } = restingSearch();
      search.dispose();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(workers).toHaveLength(1);
      expect(search.running).toBe(false);
    });
  });

  describe('the time limit, which counts only matching', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('stops a runaway pattern by terminating the worker and starts a fresh one next time', async () => {
      const { search, workers } = searchWithRunawayFirst();
      const runaway = search.search('(a+)+$');
      await vi.advanceTimersByTimeAsync(1001);
      const outcome = await runaway;
      expect(outcome.status).toBe('stopped');
      expect(outcome.status === 'stopped' && outcome.message).toContain('(a+)+$');
      expect(workers[0].terminated).toBe(true);
      const next = search.search('lodash');
      await vi.advanceTimersByTimeAsync(0);
      expect(await next).toEqual({ status: 'done', ids: Uint32Array.from([3]), invalid: false });
      expect(workers[1].labels).toEqual(labels);
    });

    it('does not stop a search waiting for a starved worker, before or between its slices', async () => {
      const worker = new InProcessSearchWorker();
      // 9 s before the worker starts matching (starting up, names arriving, its thread starved), then
      // four slices of 50 ms each with 3 s waits between them.
      worker.startAfterMs = 9000;
      worker.steps = [1, 2, 3, 4].map((k) => ({ matchedMs: 50 * k, waitMs: 3000 }));
      const search = new LabelSearch(() => worker, 4000);
      search.setLabels(joined);
      const outcome = search.search('react');
      // The answer comes at 21 s; the worker rests 5 s after it.
      await vi.advanceTimersByTimeAsync(22_000);
      expect(await outcome).toEqual({ status: 'done', ids: Uint32Array.from([0, 1, 2]), invalid: false });
      expect(worker.terminated).toBe(false);
    });

    it('stops a pattern whose slices add up to the limit, however fast they come', async () => {
      const worker = new InProcessSearchWorker();
      worker.steps = [1, 2, 3, 4, 5].map((k) => ({ matchedMs: 900 * k, waitMs: 10 }));
      const search = new LabelSearch(() => worker, 4000);
      search.setLabels(joined);
      const outcome = search.search('r');
      await vi.advanceTimersByTimeAsync(100);
      expect((await outcome).status).toBe('stopped');
      expect(worker.terminated).toBe(true);
    });

    it('does not let a superseded pattern stuck in the worker keep the next search waiting', async () => {
      const { search, workers } = searchWithRunawayFirst();
      const runaway = search.search('(a+)+$');
      await vi.advanceTimersByTimeAsync(10);
      // The stuck worker never reads the next request; once the runaway has matched for the limit it
      // is terminated and the next search goes to a fresh worker.
      const next = search.search('lodash');
      expect(await runaway).toEqual({ status: 'cancelled' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(workers[0].terminated).toBe(true);
      expect(await next).toEqual({ status: 'done', ids: Uint32Array.from([3]), invalid: false });
    });
  });
});

function fakeHost(overrides: Partial<CommandHost> = {}) {
  const calls: string[] = [];
  let links = true;
  const host: CommandHost = {
    search: async (pattern) => {
      calls.push(`search ${pattern}`);
      return matchLabels(pattern, labels).length;
    },
    findMatches: async (pattern) => matchLabels(pattern, labels),
    setHighlighted: (ids, color) => calls.push(`highlight ${Array.from(ids).join(',')} ${color.toString(16)}`),
    clearHighlighted: () => calls.push('clear'),
    setLinks: (show) => {
      links = show ?? !links;
      calls.push(`links ${links}`);
      return links;
    },
    orbit: (center, radius, ms) => calls.push(`orbit ${center.join(',')} r${radius} ${ms}ms`),
    resolveStar: (target) => (typeof target === 'number' ? target : labels.indexOf(target) >= 0 ? labels.indexOf(target) : undefined),
    selectedStar: () => undefined,
    position: (id) => [id, id * 2, id * 3],
    ...overrides,
  };
  return { host, calls };
}

describe('commands', () => {
  it('runs search, highlight and its alias hl with console syntax', async () => {
    const { host, calls } = fakeHost();
    const commands = createConsoleCommands(host);
    expect(await runCommand("search('lodash')", commands)).toEqual({ ok: true, message: '1' });
    expect(await runCommand("highlight(/^react/, '#ff0000')", commands)).toEqual({ ok: true, message: '2' });
    expect(await runCommand("hl('preact')", commands)).toEqual({ ok: true, message: '1' });
    expect(calls).toEqual(['search lodash', 'highlight 0,1 ff0000ff', `highlight 2 ${(0x00ffffff).toString(16)}`]);
  });

  it('accepts the shorthand of a command name followed by words', async () => {
    const { host, calls } = fakeHost();
    const commands = createConsoleCommands(host);
    expect((await runCommand('hl lodash', commands)).ok).toBe(true);
    expect((await runCommand('hl react #f00', commands)).ok).toBe(true);
    expect((await runCommand('around 3 500', commands)).ok).toBe(true);
    expect(calls).toEqual([`highlight 3 ${(0x00ffffff).toString(16)}`, 'highlight 0,1,2 ff0000ff', 'orbit 3,6,9 r500 6000ms']);
  });

  it('toggles links, clears highlights and orbits 6000 ms a turn at radius 1000 by default', async () => {
    const { host, calls } = fakeHost();
    const commands = createConsoleCommands(host);
    expect(await runCommand('links()', commands)).toEqual({ ok: true, message: 'false' });
    expect(await runCommand('links(true)', commands)).toEqual({ ok: true, message: 'true' });
    await runCommand('cls()', commands);
    await runCommand('around()', commands);
    await runCommand("around('lodash', 250)", commands);
    expect(calls).toEqual(['links false', 'links true', 'clear', 'orbit 0,0,0 r1000 6000ms', 'orbit 3,6,9 r250 6000ms']);
  });

  it('reports errors instead of throwing', async () => {
    const commands = createConsoleCommands(fakeHost().host);
    expect((await runCommand('nope()', commands)).ok).toBe(false);
    expect((await runCommand('hl(', commands)).ok).toBe(false);
    expect(await runCommand("around('missing')", commands)).toEqual({ ok: false, message: 'No star named "missing"' });
    expect((await runCommand("hl('x', 'blue')", commands)).ok).toBe(false);
  });

  it('parses colours', () => {
    expect(parseColor('#f00')).toBe(0xff0000ff);
    expect(parseColor('#00ff00')).toBe(0x00ff00ff);
    expect(parseColor('0x11223344')).toBe(0x11223344);
    expect(parseColor(0xffffffff)).toBe(0xffffffff);
  });
});

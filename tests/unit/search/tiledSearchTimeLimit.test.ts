import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labelsToMatch } from '../../../src/search/protocol';
import { encodeLabelShard, splitStringArray, type LabelShardFile } from '../../../src/tiles/format/labelShard';
import { searchFailedMessage } from '../../../src/search/tiledStarSearch';
import { TiledSearch, type LabelShards } from '../../../src/tiles/stream/tiledSearch';
import { InProcessSearchWorker } from '../../support/inProcessSearchWorker';

/** Three name shards of three names each, star numbers 0..8. */
const SHARDS = [
  ['react', 'lodash', 'react-dom'],
  ['express', 'preact', 'left-pad'],
  ['React-Router', 'vue', 'reactive'],
];

function labelShards(fetched: number[]): LabelShards {
  return {
    shardCount: SHARDS.length,
    totalStars: 9,
    starBoundaries: [0, 3, 6, 9],
    peek: () => undefined,
    fetch: async (shard) => {
      fetched.push(shard);
      return shardFile(shard, shard * 3, SHARDS[shard]);
    },
    onFailed: () => {},
  };
}

function shardFile(shard: number, firstStar: number, names: string[]): LabelShardFile {
  return { shard, firstStar, count: names.length, bytes: new TextEncoder().encode(encodeLabelShard(names)) };
}

describe("label shards handed to the search worker as their files", () => {
  it('are read there as the same names, whatever their characters', () => {
    const names = ['café', '日本語', 'x😀y', '', 'plain', 'quote " and \\ backslash'];
    expect(labelsToMatch(shardFile(0, 0, names))).toEqual(names);
  });

  it('that cannot be read make the search name the shard and go on without its names', async () => {
    const failed: string[] = [];
    const shards: LabelShards = {
      ...labelShards([]),
      fetch: async (shard) => (shard === 1 ? { ...shardFile(1, 3, SHARDS[1]), bytes: new TextEncoder().encode('["express", "pre') } : shardFile(shard, shard * 3, SHARDS[shard])),
      onFailed: (_shard, error) => failed.push(String(error)),
    };
    const search = new TiledSearch(shards, () => new InProcessSearchWorker());
    const done = await search.search('^(react|express)', () => {}, new AbortController().signal);
    expect(done).toMatchObject({ searchedNames: 9, totalNames: 9, done: true });
    expect(Array.from(done.ids)).toEqual([0, 2, 6, 8]);
    expect(failed).toEqual([expect.stringMatching(/labels shard 1 \(stars 3\.\.5\) is not UTF-8 JSON/)]);
  });
});

describe("a tiled galaxy's search counts only the matching of each shard", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('completes a search whose worker is starved: seconds pass before and between slices of every shard', async () => {
    const workers: InProcessSearchWorker[] = [];
    const search = new TiledSearch(labelShards([]), () => {
      const worker = new InProcessSearchWorker();
      // Every shard waits 5 s for the worker to start matching, then two slices of 20 ms with 3 s waits.
      worker.startAfterMs = 5000;
      worker.steps = [
        { matchedMs: 20, waitMs: 3000 },
        { matchedMs: 40, waitMs: 3000 },
      ];
      workers.push(worker);
      return worker;
    }, 1000);
    const result = search.search('^react', () => {}, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(60_000);
    const done = await result;
    expect(done).toMatchObject({ searchedNames: 9, totalNames: 9, done: true });
    expect(Array.from(done.ids)).toEqual([0, 2, 6, 8]);
    expect(workers.length, 'the worker was never terminated').toBe(1);
  });

  it('stops a runaway pattern at its first shard', async () => {
    const fetched: number[] = [];
    const workers: InProcessSearchWorker[] = [];
    const search = new TiledSearch(labelShards(fetched), () => {
      const worker = new InProcessSearchWorker();
      worker.hang = true;
      workers.push(worker);
      return worker;
    }, 1000);
    const progress: number[] = [];
    const result = search.search('(a+)+$', (p) => progress.push(p.searchedNames), new AbortController().signal);
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1001);
    const error = await settled;
    expect(error).toBeInstanceOf(Error);
    const message = 'Search for "(a+)+$" took longer than 1 s and was stopped. Try a simpler pattern.';
    expect((error as Error).message).toBe(message);
    // The visitor reads the rules' message as it is, not wrapped in "stopped: {reason}".
    expect(searchFailedMessage('(a+)+$', error)).toBe(message);
    expect(progress, 'no shard finished').toEqual([]);
    expect(workers[0].terminated).toBe(true);
    expect(workers[0].received.filter((m) => m.type === 'search').length, 'one shard was matched').toBe(1);
    // The next shard may have been fetched ahead, never one beyond it.
    expect(Math.max(...fetched)).toBeLessThanOrEqual(1);
  });

  it('hands fetched shards to the worker, and asks for a shard again when a stuck older search took the worker down with it', async () => {
    const fetched: number[] = [];
    const workers: InProcessSearchWorker[] = [];
    const search = new TiledSearch(labelShards(fetched), () => {
      const worker = new InProcessSearchWorker();
      worker.hang = workers.length === 0;
      workers.push(worker);
      return worker;
    }, 1000);
    const runaway = search.search('(a+)+$', () => {}, new AbortController().signal).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10);
    const next = search.search('^react', () => {}, new AbortController().signal);
    expect(await runaway).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(workers[0].terminated).toBe(true);
    const done = await next;
    expect(Array.from(done.ids)).toEqual([0, 2, 6, 8]);
    // Shard 0 twice for the new search: its names went down with the stuck worker.
    expect(fetched.filter((shard) => shard === 0).length).toBeGreaterThanOrEqual(3);
  });
});

describe('a label shard read without JSON.parse of the whole shard', () => {
  it('gives what JSON.parse gives for arrays of strings, escapes and spaces included', () => {
    for (const text of ['[]', ' [ ] ', '["a"]', '[ "a" , "b\\"c", "d\\\\", "\\u00e9\\n", "" ]', JSON.stringify(['x😀y', 'tab\there', '日本語'])]) {
      expect(splitStringArray(text)).toEqual(JSON.parse(text));
    }
  });

  it('says when the text is JSON of another shape, and throws when it is not JSON', () => {
    for (const text of ['{}', '[1]', '["a", 2]', '"a"', 'null']) expect(splitStringArray(text)).toBeUndefined();
    for (const text of ['', '[', '["a"', '["a",]', '["a"] x', '["a" "b"]', '[x]']) expect(() => splitStringArray(text)).toThrow();
  });
});

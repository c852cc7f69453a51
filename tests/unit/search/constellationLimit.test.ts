import { describe, expect, it } from 'vitest';
import { indexLabels } from '../../../src/data/labelIndex';
import { LabelSearch } from '../../../src/search/labelSearch';
import { matchLabels } from '../../../src/search/regexSearch';
import { InProcessSearchWorker } from '../../support/inProcessSearchWorker';

const labels = ['react', 'react-dom', 'preact', 'lodash', 'react-native', 'lodash.get'];
/** Stars 0, 1 and 4 are in the constellation. */
const members = Uint8Array.from([1, 1, 0, 0, 1, 0]);

describe('a search limited to a constellation (docs/rules.md#search)', () => {
  it('matches only the stars marked in the mask', () => {
    expect(Array.from(matchLabels('react', labels))).toEqual([0, 1, 2, 4]);
    expect(Array.from(matchLabels('react', labels, members))).toEqual([0, 1, 4]);
    expect(Array.from(matchLabels('lodash', labels, members))).toEqual([]);
  });

  it('treats stars beyond the mask as outside it', () => {
    expect(Array.from(matchLabels('.', labels, Uint8Array.from([0, 1])))).toEqual([1]);
  });

  it('limits the worker’s searches until the limit is lifted', async () => {
    const search = new LabelSearch(() => new InProcessSearchWorker());
    search.setLabels(indexLabels(labels));
    search.limitToStars(members);
    expect(await search.search('react')).toEqual({ status: 'done', ids: Uint32Array.from([0, 1, 4]), invalid: false });
    search.limitToStars(undefined);
    expect(await search.search('react')).toEqual({ status: 'done', ids: Uint32Array.from([0, 1, 2, 4]), invalid: false });
  });

  it('hands the limit to a fresh worker too', async () => {
    const workers: InProcessSearchWorker[] = [];
    const search = new LabelSearch(() => {
      const worker = new InProcessSearchWorker();
      workers.push(worker);
      return worker;
    });
    search.limitToStars(members);
    search.setLabels(indexLabels(labels));
    expect(await search.search('react')).toEqual({ status: 'done', ids: Uint32Array.from([0, 1, 4]), invalid: false });
    expect(workers).toHaveLength(1);
    expect(workers[0].received.map((message) => message.type)).toEqual(['labels', 'limit', 'search']);
  });

  it('cancels the running search when the limit changes', async () => {
    const worker = new InProcessSearchWorker();
    worker.hang = true;
    const search = new LabelSearch(() => worker);
    search.setLabels(indexLabels(labels));
    const running = search.search('react');
    search.limitToStars(members);
    expect(await running).toEqual({ status: 'cancelled' });
  });

  it('finds a constellation’s stars from their finest communities, again once they change', async () => {
    // Finest communities 0 and 2 are in the constellation.
    const limit = { finestMembers: Uint8Array.from([1, 0, 1]) };
    let communities: Uint32Array | undefined;
    const search = new LabelSearch(() => new InProcessSearchWorker(), undefined, () => communities);
    search.setLabels(indexLabels(labels));
    search.limitTo(limit);
    // No star's community known yet: none is inside.
    expect(await search.search('react')).toEqual({ status: 'done', ids: Uint32Array.from([]), invalid: false });
    communities = Uint32Array.from([0, 2, 1, 0, 1, 0xffffffff]);
    expect(await search.search('react')).toEqual({ status: 'done', ids: Uint32Array.from([0, 1]), invalid: false });
    expect(await search.search('lodash')).toEqual({ status: 'done', ids: Uint32Array.from([3]), invalid: false });
    search.limitTo(undefined);
    expect(await search.search('react')).toEqual({ status: 'done', ids: Uint32Array.from([0, 1, 2, 4]), invalid: false });
  });
});

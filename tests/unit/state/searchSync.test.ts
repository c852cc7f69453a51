import { atom, createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { Graph } from '../../../src/data/graph';
import type { SearchedGalaxy } from '../../../src/search/searchedGalaxy';
import { galaxySearchingAtom, searchBusyAtom, searchStatusAtom } from '../../../src/state/search/atoms';
import { startSearchSync } from '../../../src/state/search/searchSync';
import { searchedGalaxyOf } from '../../../src/stars/shownGalaxy';
import { FakeTiledGalaxy } from '../../support/fakeTiledGalaxy';
import { InProcessSearchWorker } from '../../support/inProcessSearchWorker';
import { triangleGraphData } from '../../support/wireFixtures';

describe('the search sync', () => {
  function setup() {
    const store = createStore();
    const galaxy = atom<SearchedGalaxy | undefined>(undefined);
    const workers: InProcessSearchWorker[] = [];
    const stop = startSearchSync(store, {
      galaxy,
      createWorker: () => {
        const worker = new InProcessSearchWorker();
        workers.push(worker);
        return worker;
      },
    });
    return { store, galaxy, workers, stop };
  }

  it('keeps one search over the galaxy open now: a new galaxy gets a new one, and the last one is disposed with its status', async () => {
    const { store, galaxy, workers, stop } = setup();
    expect(store.get(galaxySearchingAtom)).toBeUndefined();

    const graph = new Graph(triangleGraphData());
    store.set(galaxy, searchedGalaxyOf({ graph }));
    const whole = store.get(galaxySearchingAtom);
    expect(whole?.galaxy.catalog).toBe(graph);
    const found = await whole!.search.search('.');
    expect(found.status === 'done' && found.ids.length).toBe(graph.starCount);

    // The same graph again (another atom of the open galaxy changed): the same search.
    store.set(galaxy, searchedGalaxyOf({ graph }));
    expect(store.get(galaxySearchingAtom)).toBe(whole);

    store.set(searchStatusAtom, { text: '3 matches', isError: false });
    store.set(searchBusyAtom, true);
    const tiled = new FakeTiledGalaxy({ labels: ['react', 'lodash'] });
    store.set(galaxy, searchedGalaxyOf({ tiled }));
    expect(workers.map((worker) => worker.terminated)).toEqual([true]);
    expect(store.get(galaxySearchingAtom)?.galaxy.catalog).toBe(tiled);
    expect(store.get(searchStatusAtom)).toBeUndefined();
    expect(store.get(searchBusyAtom)).toBe(false);
    expect(await store.get(galaxySearchingAtom)!.search.search('lod')).toEqual({ status: 'done', ids: Uint32Array.from([1]), invalid: false });

    store.set(galaxy, undefined);
    expect(store.get(galaxySearchingAtom)).toBeUndefined();
    stop();
  });

  it('disposes its search when the viewer stops', () => {
    const { store, galaxy, workers, stop } = setup();
    store.set(galaxy, searchedGalaxyOf({ graph: new Graph(triangleGraphData()) }));
    stop();
    expect(workers.every((worker) => worker.terminated)).toBe(true);
    expect(store.get(galaxySearchingAtom)).toBeUndefined();
  });
});

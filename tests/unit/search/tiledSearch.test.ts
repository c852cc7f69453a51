import { describe, expect, it } from 'vitest';
import { type CommandHost, createConsoleCommands, runCommand } from '../../../src/search/commands';
import type { SearchProgress } from '../../../src/search/starSearch';
import { resolveStar } from '../../../src/search/starLookup';
import { searchedGalaxyOf } from '../../../src/stars/shownGalaxy';
import { matchesCountText, searchProgressText } from '../../../src/search/searchStatusText';
import { TiledStarSearch } from '../../../src/search/tiledStarSearch';
import { Graph } from '../../../src/data/graph';
import { LabelSearch } from '../../../src/search/labelSearch';
import { triangleGraphData } from '../../support/wireFixtures';
import { FakeTiledGalaxy } from '../../support/fakeTiledGalaxy';

const labels = ['react', 'lodash', 'react-dom', 'express', 'preact', 'left-pad', 'React-Router', 'vue', 'reactive'];

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('search status texts', () => {
  it('says how many names were searched of all of them, with thousands separators', () => {
    expect(searchProgressText(40_960, 1_000_000)).toBe('Searched 40,960 of 1,000,000 names');
    expect(searchProgressText(0, 12)).toBe('Searched 0 of 12 names');
  });

  it('counts matches in the singular for one', () => {
    expect(matchesCountText(1)).toBe('1 match');
    expect(matchesCountText(1234)).toBe('1,234 matches');
    expect(matchesCountText(0)).toBe('0 matches');
  });
});

describe('search over a tiled galaxy', () => {
  it('reports the matches found so far as each name shard is searched, then all of them', async () => {
    const galaxy = new FakeTiledGalaxy({ labels, shardSize: 3, manualSearch: true });
    const search = new TiledStarSearch(galaxy);
    const seen: SearchProgress[] = [];
    const outcome = search.search('^react', (progress) => seen.push(progress));
    await flush();
    galaxy.releaseSearchShard();
    await flush();
    expect(seen.map((p) => [Array.from(p.ids), p.searchedNames, p.totalNames])).toEqual([[[0, 2], 3, 9]]);
    galaxy.releaseSearchShard();
    await flush();
    galaxy.releaseSearchShard();
    expect(await outcome).toEqual({ status: 'done', ids: Uint32Array.from([0, 2, 6, 8]), invalid: false });
    // The results only grow, and the last shard's report is the final answer, not progress.
    expect(seen.map((p) => Array.from(p.ids))).toEqual([[0, 2], [0, 2]]);
  });

  it('cancels the running search when the next one starts, and stops fetching its shards', async () => {
    const galaxy = new FakeTiledGalaxy({ labels, shardSize: 3, manualSearch: true });
    const search = new TiledStarSearch(galaxy);
    const firstProgress: SearchProgress[] = [];
    const first = search.search('re', (progress) => firstProgress.push(progress));
    await flush();
    galaxy.releaseSearchShard();
    await flush();
    const second = search.search('vue');
    expect(await first).toEqual({ status: 'cancelled' });
    const reportsBefore = firstProgress.length;
    for (let i = 0; i < 6; i++) {
      galaxy.releaseSearchShard();
      await flush();
    }
    expect(await second).toEqual({ status: 'done', ids: Uint32Array.from([7]), invalid: false });
    expect(firstProgress.length).toBe(reportsBefore);
  });

  it('answers an invalid pattern at once without fetching a shard', async () => {
    const galaxy = new FakeTiledGalaxy({ labels, manualSearch: true });
    const outcome = await new TiledStarSearch(galaxy).search('a+(');
    expect(outcome).toEqual({ status: 'done', ids: new Uint32Array(0), invalid: true });
    expect(galaxy.waitingSearchShards).toBe(0);
  });

  it('says why when the galaxy cannot search', async () => {
    const failing = { search: () => Promise.reject(new Error('label shard 4 could not be read')) };
    expect(await new TiledStarSearch(failing).search('x')).toEqual({
      status: 'stopped',
      message: 'Search for "x" stopped: label shard 4 could not be read',
    });
  });

  it('is the search the box gets for a tiled galaxy; a whole graph gets the worker over its labels', async () => {
    const graph = new Graph(triangleGraphData());
    const worker = { onmessage: null, postMessage: () => undefined, terminate: () => undefined };
    expect(searchedGalaxyOf({ graph })?.createSearch(() => worker)).toBeInstanceOf(LabelSearch);
    const galaxy = new FakeTiledGalaxy({ labels });
    const search = searchedGalaxyOf({ tiled: galaxy })!.createSearch();
    expect(search).toBeInstanceOf(TiledStarSearch);
    expect(await search.search('dash')).toEqual({ status: 'done', ids: Uint32Array.from([1]), invalid: false });
  });
});

describe('commands on a tiled galaxy', () => {
  function tiledHost(galaxy: FakeTiledGalaxy) {
    const searched = searchedGalaxyOf({ tiled: galaxy })!;
    const search = searched.createSearch();
    const orbits: string[] = [];
    const findMatches = async (pattern: string) => {
      const outcome = await search.search(pattern);
      return outcome.status === 'done' ? outcome.ids : new Uint32Array(0);
    };
    const host: CommandHost = {
      search: async (pattern) => (await findMatches(pattern)).length,
      findMatches,
      setHighlighted: () => undefined,
      clearHighlighted: () => undefined,
      setLinks: () => true,
      orbit: (center, radius) => orbits.push(`${center.join(',')} r${radius}`),
      resolveStar: (target) => resolveStar(searched, target, findMatches),
      selectedStar: () => undefined,
      position: (id) => searched.locate(id),
    };
    return { commands: createConsoleCommands(host), orbits };
  }

  it('finds a star by its exact name through the name shards and orbits where its tile puts it', async () => {
    const galaxy = new FakeTiledGalaxy({ labels, shardSize: 2 });
    galaxy.arriveLabels();
    const { commands, orbits } = tiledHost(galaxy);
    expect(await runCommand('around React-Router 300', commands)).toEqual({ ok: true, message: 'Orbiting star 6 at radius 300' });
    expect(await runCommand('around react', commands)).toEqual({ ok: true, message: 'Orbiting star 0 at radius 1000' });
    expect(await runCommand('around 3', commands)).toEqual({ ok: true, message: 'Orbiting star 3 at radius 1000' });
    expect(orbits).toEqual(['6,12,18 r300', '0,0,0 r1000', '3,6,9 r1000']);
    expect(await runCommand('around REACT', commands)).toEqual({ ok: false, message: 'No star named "REACT"' });
  });

  it('highlights the matches of every shard', async () => {
    const galaxy = new FakeTiledGalaxy({ labels, shardSize: 2 });
    const { commands } = tiledHost(galaxy);
    expect(await runCommand('hl ^react', commands)).toEqual({ ok: true, message: '4' });
  });
});

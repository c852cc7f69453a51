import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { CommunitiesLoadError, loadCommunities, type CommunitiesRequest } from '../../../src/constellations/loadCommunities';
import type { FetchLike } from '../../../src/data/fetch/download';
import { Graph } from '../../../src/data/graph';
import { type LoadedGalaxy, type LoadOptions } from '../../../src/data/loadTypes';
import type { Manifest } from '../../../src/data/manifest';
import { decodeGalaxy } from '../../../src/data/wire/decodeGalaxy';
import { constellationsAtom } from '../../../src/state/constellations/atoms';
import { starCommunitiesAtom } from '../../../src/state/constellations/communities';
import { openGalaxy } from '../../../src/state/graph/actions';
import { dataRootAtom, galaxyLoaderAtom, graphAtom, loadWarningsAtom, streamTilesAtom } from '../../../src/state/graph/atoms';
import type { StreamedTiledGalaxy } from '../../../src/tiles/stream/openTiledGalaxy';
import { FakeTiledGalaxy } from '../../support/fakeTiledGalaxy';
import { communitiesBin, communitiesFile, STAR_COMMUNITIES } from '../../support/communityFixtures';
import { linksBin, positionsBin } from '../../support/wireFixtures';

const ROOT = 'https://data.test/';
const JSON_URL = `${ROOT}g/v1/communities.json`;
const BIN_URL = `${ROOT}g/v1/communities.bin`;

/** A fetch answering from a table: bytes with 200, a number as that status; every call recorded. */
function fakeFetch(files: Record<string, Uint8Array | string | number>): FetchLike & { urls: string[] } {
  const urls: string[] = [];
  const fetchImpl = async (url: string) => {
    urls.push(url);
    const file = files[url];
    if (file === undefined || typeof file === 'number') return new Response('no', { status: typeof file === 'number' ? file : 404 });
    return new Response(typeof file === 'string' ? file : new Uint8Array(file), { status: 200 });
  };
  return Object.assign(fetchImpl, { urls });
}

const withCommunities: Manifest = { last: 'v1', all: ['v1'], communities: ['v1'] };

function request(fetchImpl: FetchLike, overrides: Partial<CommunitiesRequest> = {}): CommunitiesRequest {
  return { dataRoot: ROOT, name: 'g', manifest: withCommunities, version: 'v1', starCount: 6, withStars: true, fetch: fetchImpl, ...overrides };
}

const goodFiles = () => ({ [JSON_URL]: JSON.stringify(communitiesFile({ colour: [0, 1, 2] })), [BIN_URL]: communitiesBin() });

describe('loading a version’s communities', () => {
  it('reads communities.json and communities.bin, checked against the galaxy', async () => {
    const loaded = await loadCommunities(request(fakeFetch(goodFiles())));
    expect(loaded.constellations.levels).toHaveLength(2);
    expect([...loaded.constellations.levels[1].colour!]).toEqual([0, 1, 2]);
    expect([...loaded.stars!]).toEqual([...STAR_COMMUNITIES]);
  });

  it('reads only communities.json for a tiled galaxy', async () => {
    const fetchImpl = fakeFetch(goodFiles());
    const loaded = await loadCommunities(request(fetchImpl, { withStars: false }));
    expect(loaded.stars).toBeUndefined();
    expect(fetchImpl.urls).toEqual([JSON_URL]);
  });

  it.each([
    ['a missing communities.bin', { [BIN_URL]: 404 }, /Unexpected status code 404 when calling .*communities\.bin/],
    ['a communities.json that is not JSON', { [JSON_URL]: '{nope' }, /communities\.json is not valid JSON/],
    ['a communities.bin for fewer stars', { [BIN_URL]: communitiesBin(Uint32Array.from([0, 0, 1, 1])) }, /communities\.bin gives 4 stars a community, positions\.bin has 6/],
    ['a communities.bin larger than the galaxy’s stars', { [BIN_URL]: communitiesBin(new Uint32Array(100)) }, /communities\.bin at .* is larger than the 24 bytes/],
    ['a colour beyond the palette', { [JSON_URL]: JSON.stringify(communitiesFile({ colour: [0, 99, 1] })) }, /1 colours are beyond the palette's 24/],
  ])('refuses %s with a message naming the file', async (_what, files, message) => {
    const failure = loadCommunities(request(fakeFetch({ ...goodFiles(), ...files })));
    await expect(failure).rejects.toThrow(CommunitiesLoadError);
    await expect(failure).rejects.toThrow(message);
  });

  it('gives up on a file that stalls, naming it', async () => {
    vi.useFakeTimers();
    try {
      const never: FetchLike = (_url, init) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      const failure = loadCommunities(request(never, { stallLimitMs: 1000 }));
      const expectation = expect(failure).rejects.toThrow(/The download of communities\.json at .* stalled: nothing arrived for 1 seconds/);
      await vi.advanceTimersByTimeAsync(1500);
      await expectation;
    } finally {
      vi.useRealTimers();
    }
  });
});

function loadedGalaxy(manifest: Manifest): LoadedGalaxy {
  const data = decodeGalaxy({
    name: 'g',
    version: 'v1',
    positions: positionsBin([[0, 0, 0], [1, 1, 1], [2, 2, 2], [3, 3, 3], [4, 4, 4], [5, 5, 5]]),
    links: linksBin([[1], [0], [3], [2], [], []]),
    labels: '["a","b","c","d","e","f"]',
  });
  return { graph: new Graph(data), manifest, version: 'v1' };
}

async function open(manifest: Manifest, files: Record<string, Uint8Array | string | number>) {
  const store = createStore();
  const fetchImpl = fakeFetch(files);
  store.set(dataRootAtom, ROOT);
  store.set(galaxyLoaderAtom, {
    load: (_name: string, _options: LoadOptions) => Promise.resolve(loadedGalaxy(manifest)),
    fetch: fetchImpl,
  });
  await openGalaxy(store, { name: 'g' });
  await vi.waitFor(() => expect(fetchImpl.urls.length === 0 || store.get(constellationsAtom) !== undefined || store.get(loadWarningsAtom).length > 0).toBe(true));
  return { store, fetchImpl };
}

describe('opening a galaxy with communities', () => {
  it('sets the constellations, and the graph and the stars answer each star’s community', async () => {
    const { store } = await open(withCommunities, goodFiles());
    expect(store.get(constellationsAtom)?.levels).toHaveLength(2);
    expect(store.get(graphAtom)?.communityOf(4)).toBe(2);
    expect(store.get(starCommunitiesAtom)).toBeDefined();
    expect(store.get(loadWarningsAtom)).toEqual([]);
  });

  it('opens as ever with a data warning naming the file when one cannot be used', async () => {
    const { store } = await open(withCommunities, { ...goodFiles(), [BIN_URL]: 500 });
    expect(store.get(graphAtom)?.name).toBe('g');
    expect(store.get(constellationsAtom)).toBeUndefined();
    expect(store.get(graphAtom)?.communityOf(4)).toBeUndefined();
    expect(store.get(loadWarningsAtom)).toEqual([expect.stringMatching(/Unexpected status code 500 when calling https:\/\/data\.test\/g\/v1\/communities\.bin: the stars are not coloured by constellation/)]);
  });

  it('asks for nothing and warns of nothing for a galaxy whose manifest lists no communities', async () => {
    const { store, fetchImpl } = await open({ last: 'v1', all: ['v1'] }, goodFiles());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchImpl.urls).toEqual([]);
    expect(store.get(constellationsAtom)).toBeUndefined();
    expect(store.get(loadWarningsAtom)).toEqual([]);
  });

  it('takes only communities.json for a tiled galaxy, whose tiles bring each star’s community', async () => {
    const store = createStore();
    const fetchImpl = fakeFetch(goodFiles());
    store.set(dataRootAtom, ROOT);
    const tiled = new FakeTiledGalaxy({ name: 'g', labels: ['a', 'b', 'c', 'd', 'e', 'f'] });
    store.set(galaxyLoaderAtom, {
      load: () => Promise.resolve({ manifest: withCommunities, version: 'v1', tilesUrl: `${ROOT}g/v1/tiles/` }),
      openTiled: () => Promise.resolve(tiled as unknown as StreamedTiledGalaxy),
      fetch: fetchImpl,
    });
    store.set(streamTilesAtom, true);
    await openGalaxy(store, { name: 'g' });
    await vi.waitFor(() => expect(store.get(constellationsAtom)?.levels).toHaveLength(2));
    expect(fetchImpl.urls).toEqual([JSON_URL]);
    expect(store.get(starCommunitiesAtom)).toBeUndefined();
    expect(store.get(loadWarningsAtom)).toEqual([]);
  });
});


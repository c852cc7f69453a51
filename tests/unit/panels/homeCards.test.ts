import { describe, expect, it } from 'vitest';
import { homeCards, internetTitle } from '../../../src/home/homeCards';
import { loadHomeGalaxies } from '../../../src/home/loadHomeGalaxies';

describe('Home cards', () => {
  it('puts the internet media card first, titled from the vantage in its data', () => {
    const cards = homeCards(
      [{ name: 'npm' }, { name: 'internet', meta: { vantage: { host: 'rv.example.net', asn: 6447 } } }],
      '/data',
    );
    expect(cards.featured).toEqual([
      {
        name: 'internet',
        href: '#/galaxy/internet?l=1',
        title: 'As seen from rv.example.net / AS 6447',
        description: 'The BGP Default-Free Zone',
        stillSrc: '/data/internet/thumbnail_first.png',
        animatedSrc: '/data/internet/thumbnail_150.gif',
      },
    ]);
    expect(cards.galaxies.map((card) => card.href)).toEqual(['#/galaxy/npm']);
  });

  it('gives every other galaxy a card, sorted by name, titled by meta.title or the name', () => {
    const cards = homeCards(
      [{ name: 'npm', meta: { title: 'The npm galaxy', description: 'JS' } }, { name: 'c r/an' }, { name: 'brew' }],
      '//cdn.example.org/galaxies/',
    );
    expect(cards.featured).toEqual([]);
    expect(cards.galaxies.map(({ name, href, title }) => [name, href, title])).toEqual([
      ['brew', '#/galaxy/brew', 'brew'],
      ['c r/an', '#/galaxy/c%20r%2Fan', 'c r/an'],
      ['npm', '#/galaxy/npm', 'The npm galaxy'],
    ]);
    expect(cards.galaxies[1].stillSrc).toBe('//cdn.example.org/galaxies/c%20r%2Fan/thumbnail_first.png');
    expect(cards.galaxies[2].description).toBe('JS');
  });

  it('describes a galaxy of a known ecosystem when its manifest does not', () => {
    const cards = homeCards([{ name: 'brew' }, { name: 'mine', meta: { kind: 'crates' } }, { name: 'other' }], '/data');
    expect(cards.galaxies.map((card) => card.description)).toEqual([
      'Homebrew formulae and what they depend on',
      'Rust crates on crates.io and their dependencies',
      undefined,
    ]);
  });

  it('an internet galaxy without vantage data gets a neutral title instead of made-up numbers', () => {
    expect(internetTitle(undefined)).toBe('The Internet');
    expect(internetTitle({ title: 'Routing' })).toBe('Routing');
  });
});

function fakeFetch(files: Record<string, unknown>): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    if (!(url in files)) return new Response('not found', { status: 404 });
    const body = files[url];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200 });
  }) as typeof fetch;
}

describe('loadHomeGalaxies', () => {
  it('reads galaxies.json and the meta of each manifest', async () => {
    const galaxies = await loadHomeGalaxies('/data/', {
      fetch: fakeFetch({
        '/data/galaxies.json': { galaxies: ['internet', 'npm', 'broken'] },
        '/data/internet/manifest.json': {
          last: 'v1',
          all: ['v1'],
          meta: { kind: 'internet', vantage: { host: 'rv.example.net', asn: 6447 } },
        },
        '/data/npm/manifest.json': { last: 'v1', all: ['v1'] },
        '/data/broken/manifest.json': '{not json',
      }),
    });
    expect(galaxies).toEqual([
      { name: 'internet', meta: { kind: 'internet', vantage: { host: 'rv.example.net', asn: 6447 } }, status: 'loaded' },
      { name: 'npm', status: 'loaded' },
      { name: 'broken', status: 'loaded' },
    ]);
  });

  it('says which address failed when the index cannot be read', async () => {
    await expect(loadHomeGalaxies('/data', { fetch: fakeFetch({}) })).rejects.toThrow(
      'Unexpected status code 404 when calling /data/galaxies.json',
    );
    await expect(
      loadHomeGalaxies('/data', { fetch: fakeFetch({ '/data/galaxies.json': { names: ['npm'] } }) }),
    ).rejects.toThrow('/data/galaxies.json does not list galaxies');
    const offline = (async () => {
      throw new TypeError('network down');
    }) as typeof fetch;
    await expect(loadHomeGalaxies('/data', { fetch: offline })).rejects.toThrow('Failed to download /data/galaxies.json');
  });
});

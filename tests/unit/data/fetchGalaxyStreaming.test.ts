import { describe, expect, it } from 'vitest';
import { fetchGalaxy, fetchGalaxyOrTiles } from '../../../src/data/fetch/fetchGalaxy';
import { linksBin, positionsBin } from '../../support/wireFixtures';

/** A fetch whose answers for links.bin and labels.json wait until the test releases them. */
function heldFetch() {
  const held = new Map<string, () => void>();
  const bodies: Record<string, BodyInit> = {
    'manifest.json': JSON.stringify({ all: ['v1'], last: 'v1' }),
    'positions.bin': positionsBin([[1, 2, 3], [4, 5, 6], [7, 8, 9]]),
    'links.bin': linksBin([[1], [2], []]),
    'labels.json': '["a","b","c"]',
  };
  const fetchImpl = async (url: string) => {
    const file = new URL(url).pathname.split('/').pop() ?? '';
    if (file === 'links.bin' || file === 'labels.json') await new Promise<void>((resolve) => held.set(file, resolve));
    return new Response(bodies[file], { status: 200 });
  };
  const release = (file: string) => held.get(file)?.();
  const isHeld = (file: string) => held.has(file);
  return { fetchImpl, release, isHeld };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('fetchGalaxy hands out parts as they are decoded', () => {
  it('gives the positions before links.bin and labels.json have arrived, then says which arrived, then the whole graph', async () => {
    const server = heldFetch();
    const events: string[] = [];
    let positions: Float32Array | undefined;
    const done = fetchGalaxy(
      { name: 'held', dataRoot: 'http://data.test/', scale: 2 },
      {
        fetch: server.fetchImpl,
        onPositions: (decoded, version) => {
          positions = decoded.positions;
          events.push(`positions ${decoded.nodeCount} ${version}`);
        },
        onFileArrived: (file) => events.push(`arrived ${file}`),
      },
    );
    await settle();
    expect(server.isHeld('links.bin') && server.isHeld('labels.json')).toBe(true);
    expect(events).toEqual(['positions 3 v1']);
    expect([...(positions ?? [])]).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18]);

    server.release('links.bin');
    await settle();
    expect(events).toEqual(['positions 3 v1', 'arrived links']);

    server.release('labels.json');
    const fetched = await done;
    expect(events.at(-1)).toBe('arrived labels');
    expect(fetched.data.nodeCount).toBe(3);
    expect(fetched.data.edgeCount).toBe(2);
    expect(fetched.data.labelText).toContain('c');
  });

  it('reports labels arriving first when links.bin is slower', async () => {
    const server = heldFetch();
    const events: string[] = [];
    const done = fetchGalaxy(
      { name: 'held', dataRoot: 'http://data.test/' },
      {
        fetch: server.fetchImpl,
        onPositions: () => events.push('positions'),
        onFileArrived: (file) => events.push(`arrived ${file}`),
      },
    );
    await settle();
    server.release('labels.json');
    await settle();
    expect(events).toEqual(['positions', 'arrived labels']);
    server.release('links.bin');
    await done;
    expect(events).toEqual(['positions', 'arrived labels', 'arrived links']);
  });

  it('when streaming stars, asks for links and labels only once positions.bin is in; otherwise all three at once', async () => {
    for (const streaming of [true, false]) {
      const requested: string[] = [];
      let releasePositions = () => {};
      const positionsHeld = new Promise<void>((resolve) => (releasePositions = resolve));
      const fetchImpl = async (url: string) => {
        const file = new URL(url).pathname.split('/').pop() ?? '';
        requested.push(file);
        if (file === 'positions.bin') await positionsHeld;
        const bodies: Record<string, BodyInit> = {
          'manifest.json': JSON.stringify({ all: ['v1'], last: 'v1' }),
          'positions.bin': positionsBin([[1, 2, 3]]),
          'links.bin': linksBin([[]]),
          'labels.json': '["a"]',
        };
        return new Response(bodies[file], { status: 200 });
      };
      const done = fetchGalaxy({ name: 'g', dataRoot: 'http://data.test/' }, { fetch: fetchImpl, ...(streaming && { onPositions: () => {} }) });
      await settle();
      expect(requested, streaming ? 'streaming' : 'whole files').toEqual(
        streaming ? ['manifest.json', 'positions.bin'] : ['manifest.json', 'positions.bin', 'links.bin', 'labels.json'],
      );
      releasePositions();
      await done;
      expect(requested).toHaveLength(4);
    }
  });

  it('given the manifest the page already has, asks for no manifest and goes to the version\'s files, or answers its tiles', async () => {
    const requested: string[] = [];
    const fetchImpl = async (url: string) => {
      requested.push(new URL(url).pathname);
      const file = new URL(url).pathname.split('/').pop() ?? '';
      const bodies: Record<string, BodyInit> = { 'positions.bin': positionsBin([[1, 2, 3]]), 'links.bin': linksBin([[]]), 'labels.json': '["a"]' };
      return new Response(bodies[file], { status: bodies[file] ? 200 : 404 });
    };
    const manifest = { all: ['v1', 'v2'], last: 'v2', tiles: ['v2'] };
    const classic = await fetchGalaxyOrTiles({ name: 'g', dataRoot: 'http://data.test/', version: 'v1', tiles: true, manifest }, { fetch: fetchImpl });
    expect(classic).toMatchObject({ version: 'v1', data: { nodeCount: 1 } });
    expect(requested).toEqual(['/g/v1/positions.bin', '/g/v1/links.bin', '/g/v1/labels.json']);
    const tiled = await fetchGalaxyOrTiles({ name: 'g', dataRoot: 'http://data.test/', tiles: true, manifest }, { fetch: fetchImpl });
    expect(tiled).toEqual({ manifest, version: 'v2', tilesUrl: 'http://data.test/g/v2/tiles/' });
    expect(requested).toHaveLength(3);
  });
});

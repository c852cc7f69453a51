import { afterEach, describe, expect, it, vi } from 'vitest';
import { EarlyRequests } from '../../../src/boot/earlyRequests';
import { loadGalaxy } from '../../../src/data/loader';

const DATA_ROOT = 'http://viewer.example/data';

/** A Worker that answers nothing: the tile worker the early requests start, watched from outside. */
class SilentWorker {
  static started: SilentWorker[] = [];
  onmessage = null;
  terminated = false;
  posted: unknown[] = [];
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    SilentWorker.started.push(this);
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** positions.bin of every classic version served: two stars. */
const POSITIONS_BIN = new Int32Array([1, 2, 3, -4, 5, -6]);

function serveManifests(manifests: Record<string, object>): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url.endsWith('/positions.bin')) return new Response(POSITIONS_BIN.slice().buffer);
    const name = new URL(url).pathname.split('/')[2];
    const manifest = manifests[name];
    return manifest ? new Response(JSON.stringify(manifest)) : new Response('missing', { status: 404 });
  });
  vi.stubGlobal('Worker', SilentWorker);
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  SilentWorker.started = [];
});

/** A response the test sends when it chooses. */
function heldResponse(): { promise: Promise<Response>; resolve: (response: Response) => void } {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** The early requests of `href`, which a test expects to open a galaxy. */
function startFor(href: string): EarlyRequests {
  const early = EarlyRequests.start(href, DATA_ROOT);
  if (!early) throw new Error(`${href} opens no galaxy`);
  return early;
}

describe('the first requests of the galaxy in the address, made before the viewer starts', () => {
  it('ask for the manifest at once and hand it to the loader of that galaxy, once', async () => {
    const asked = serveManifests({ crates: { all: ['v1'], last: 'v1' } });
    const early = startFor('http://viewer.example/#/galaxy/crates');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^http:\/\/viewer\.example\/data\/crates\/manifest\.json\?nocache=/);
    const manifest = early.takeManifest('crates', DATA_ROOT, undefined);
    expect(await manifest).toMatchObject({ last: 'v1' });
    expect(early.takeManifest('crates', DATA_ROOT, undefined)).toBeUndefined();
  });

  it('are dropped when another galaxy, version or data root opens, and ask nothing off the galaxy route', async () => {
    const asked = serveManifests({ crates: { all: ['v1'], last: 'v1' } });
    const early = startFor('http://viewer.example/#/galaxy/crates');
    expect(early.takeManifest('crates', DATA_ROOT, 'v0')).toBeUndefined();
    expect(early.takeManifest('crates', DATA_ROOT, undefined)).toBeUndefined();
    expect(EarlyRequests.start('http://viewer.example/#/', DATA_ROOT)).toBeUndefined();
    expect(EarlyRequests.start('http://viewer.example/#/galaxy/local:karate', DATA_ROOT)).toBeUndefined();
    expect(asked).toHaveLength(1);
  });

  it('ask for the first tiles of a version with tiles at once and hand them to a tile worker, which the loader answers without its own', async () => {
    const asked = serveManifests({ npm: { all: ['v1', 'v2'], last: 'v2', tiles: ['v2'] } });
    const early = startFor('http://viewer.example/#/galaxy/npm');
    const found = await loadGalaxy('npm', { dataRoot: DATA_ROOT, tiles: true, early });
    expect(found).toMatchObject({ version: 'v2', tilesUrl: 'http://viewer.example/data/npm/v2/tiles/' });
    expect(asked.slice(1)).toEqual(['index.json', 'hierarchy.bin.gz', 'stars/0.bin.gz'].map((file) => `http://viewer.example/data/npm/v2/tiles/${file}`));
    await vi.waitFor(() => expect(SilentWorker.started).toHaveLength(1));
    // Unnamed: it waits for the files the page read instead of reading them again.
    expect(SilentWorker.started[0].options.name).toBeUndefined();
    await vi.waitFor(() => expect(SilentWorker.started[0].posted).toMatchObject([{ type: 'open', tilesUrl: 'http://viewer.example/data/npm/v2/tiles/', files: expect.any(Array) }]));
    expect(await early.takeTiles('http://viewer.example/data/npm/v2/tiles/')).toMatchObject({ tilesUrl: 'http://viewer.example/data/npm/v2/tiles/' });
    expect(await early.takeTiles('http://viewer.example/data/npm/v2/tiles/')).toBeUndefined();
  });

  it('stop their tile worker when the tiles opened are another version\'s', async () => {
    serveManifests({ npm: { all: ['v1', 'v2'], last: 'v2', tiles: ['v1', 'v2'] } });
    const early = startFor('http://viewer.example/#/galaxy/npm');
    await early.takeManifest('npm', DATA_ROOT, undefined);
    await vi.waitFor(() => expect(SilentWorker.started).toHaveLength(1));
    expect(await early.takeTiles('http://viewer.example/data/npm/v1/tiles/')).toBeUndefined();
    expect(SilentWorker.started[0].terminated).toBe(true);
  });

  it('start the tile worker beside the first files but hand it them, and so have it fetch its code, only once they are in; a dropped opening ends it', async () => {
    const rootTile = heldResponse();
    serveManifests({ npm: { all: ['v1'], last: 'v1', tiles: ['v1'] } });
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string) => (url.endsWith('/stars/0.bin.gz') ? rootTile.promise : served(url)));
    const early = startFor('http://viewer.example/#/galaxy/npm');
    const tiles = await early.tiles();
    expect(tiles?.tilesUrl).toBe('http://viewer.example/data/npm/v1/tiles/');
    expect(SilentWorker.started).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(SilentWorker.started[0].posted).toEqual([]);
    rootTile.resolve(new Response('missing', { status: 404 }));
    await vi.waitFor(() => expect(SilentWorker.started[0].posted).toMatchObject([{ type: 'open', files: expect.any(Array) }]));

    const stalled = heldResponse();
    vi.stubGlobal('fetch', (url: string) => (url.endsWith('/stars/0.bin.gz') ? stalled.promise : served(url)));
    const dropped = startFor('http://viewer.example/#/galaxy/npm');
    await dropped.tiles();
    expect(SilentWorker.started).toHaveLength(2);
    dropped.drop();
    await vi.waitFor(() => expect(SilentWorker.started[1].terminated).toBe(true));
    stalled.resolve(new Response('late'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(SilentWorker.started[1].posted).toEqual([]);
  });

  it('leave a manifest that cannot be had to the loader, which asks again and says why', async () => {
    serveManifests({});
    const early = startFor('http://viewer.example/#/galaxy/gone');
    expect(await early.takeManifest('gone', DATA_ROOT, undefined)).toBeUndefined();
  });

  it("ask for a classic version's positions.bin as soon as the manifest names it, the address's v= honoured, and hand its bytes to the loader's worker instead of a second request", async () => {
    const asked = serveManifests({ crates: { all: ['v1', 'v2'], last: 'v2' } });
    const early = startFor('http://viewer.example/#/galaxy/crates?v=v1');
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toBe('http://viewer.example/data/crates/v1/positions.bin');
    expect(await early.positions()).toMatchObject({ url: 'http://viewer.example/data/crates/v1/positions.bin' });
    void loadGalaxy('crates', { dataRoot: DATA_ROOT, version: 'v1', tiles: true, early });
    await vi.waitFor(() => expect(SilentWorker.started.at(-1)?.posted).toHaveLength(1));
    const [request] = SilentWorker.started.at(-1)!.posted as [{ request: { manifest: object; positionsBin: ArrayBuffer } }];
    expect(request.request.manifest).toMatchObject({ last: 'v2' });
    expect([...new Int32Array(request.request.positionsBin)]).toEqual([...POSITIONS_BIN]);
    expect(asked).toHaveLength(2);
    expect(await early.takePositions('http://viewer.example/data/crates/v1/positions.bin')).toBeUndefined();
  });

  it('ask for no positions.bin for a version with tiles, and end the early one when another version opens', async () => {
    const asked = serveManifests({ npm: { all: ['v1', 'v2'], last: 'v2', tiles: ['v2'] }, crates: { all: ['v1', 'v2'], last: 'v2' } });
    const tiled = startFor('http://viewer.example/#/galaxy/npm');
    expect(await tiled.positions()).toBeUndefined();
    expect(asked.some((url) => url.endsWith('positions.bin'))).toBe(false);
    tiled.drop();

    const early = startFor('http://viewer.example/#/galaxy/crates');
    const positions = await early.positions();
    const abort = vi.spyOn(positions!, 'abort');
    expect(await early.takePositions('http://viewer.example/data/crates/v1/positions.bin')).toBeUndefined();
    expect(abort).toHaveBeenCalled();
  });
});

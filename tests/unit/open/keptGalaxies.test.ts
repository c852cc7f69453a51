import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkEntry, checkFiles, DAMAGED, type LocalGalaxyEntry, type LocalGalaxyFiles } from '../../../src/open/keptRecord';

/** Issue "Hostile input, round three", items 2 and 9: galaxies kept in this browser (IndexedDB, here fake-indexeddb). */

type Store = typeof import('../../../src/open/localGalaxies').localGalaxies;
let store: Store;

beforeEach(async () => {
  // A fresh, empty IndexedDB and a fresh module (it keeps its open database) for every test.
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
  store = (await import('../../../src/open/localGalaxies')).localGalaxies;
});

function galaxy(nodeCount: number): { entry: Omit<LocalGalaxyEntry, 'name'>; files: LocalGalaxyFiles } {
  const labels = JSON.stringify(Array.from({ length: nodeCount }, (_, i) => `n${i}`));
  return {
    entry: { version: 'v1', sourceName: 'race2.csv', format: 'edgelist', nodeCount, edgeCount: nodeCount - 1, bytes: 12 * nodeCount + labels.length, createdAt: 1000 + nodeCount, settled: false },
    files: { positions: new ArrayBuffer(12 * nodeCount), links: new ArrayBuffer(0), labels },
  };
}

/** Writes straight into the stores, as another program (or a damaged disk) might. */
function write(store: 'galaxies' | 'files', value: unknown, key?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('galaxy-local', 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('galaxies', { keyPath: 'name' });
      open.result.createObjectStore('files');
    };
    open.onsuccess = () => {
      const transaction = open.result.transaction(store, 'readwrite');
      transaction.objectStore(store).put(value, key);
      transaction.oncomplete = () => {
        open.result.close();
        resolve();
      };
      transaction.onerror = () => reject(transaction.error);
    };
    open.onerror = () => reject(open.error);
  });
}

describe('keeping a galaxy', () => {
  it('gives two galaxies kept at the same moment from files of one name their own names, each with its own stars', async () => {
    const three = galaxy(3);
    const six = galaxy(6);
    const names = await Promise.all([store.keep('a/race2.csv', three.entry, three.files), store.keep('b/race2.csv', six.entry, six.files)]);
    expect([...names].sort()).toEqual(['race2', 'race2-2']);
    expect((await store.get(names[0]))?.entry.nodeCount).toBe(3);
    expect((await store.get(names[1]))?.entry.nodeCount).toBe(6);
    expect((await store.get(names[1]))?.files.positions.byteLength).toBe(72);

    // Identical files at once: two galaxies still.
    const again = await Promise.all([store.keep('race2.csv', three.entry, three.files), store.keep('race2.csv', three.entry, three.files)]);
    expect([...again].sort()).toEqual(['race2-3', 'race2-4']);
    expect((await store.list()).map((listed) => listed.name).sort()).toEqual(['race2', 'race2-2', 'race2-3', 'race2-4']);
  });

  it('never writes over files left without an entry', async () => {
    await write('files', { labels: 'left behind' }, 'karate');
    const kept = galaxy(34);
    expect(await store.keep('karate.csv', kept.entry, kept.files)).toBe('karate-2');
  });
});

describe('reading kept galaxies back', () => {
  it('marks a record whose labels or counts are damaged, and lists and opens the others as before', async () => {
    for (const name of ['good', 'labels', 'counts']) {
      const kept = galaxy(4);
      await store.keep(`${name}.csv`, kept.entry, kept.files);
    }
    const labels = await store.get('labels');
    await write('files', { ...labels!.files, labels: null }, 'labels');
    await write('galaxies', { ...labels!.entry, name: 'counts', nodeCount: -1, bytes: 'x' });

    const listed = await store.list();
    expect(listed.find((item) => item.name === 'labels')).toEqual({ name: 'labels', problem: DAMAGED });
    expect(listed.find((item) => item.name === 'counts')).toEqual({ name: 'counts', problem: DAMAGED });
    expect(listed.find((item) => item.name === 'good')).toMatchObject({ entry: { nodeCount: 4 } });
    expect(listed.find((item) => item.name === 'good')?.problem).toBeUndefined();

    await expect(store.get('labels')).rejects.toThrow('its stored data is damaged (labels.json is not text)');
    await expect(store.get('counts')).rejects.toThrow('its stored data is damaged (nodeCount is not a star count of 1 or more)');
    expect((await store.get('good'))?.entry.nodeCount).toBe(4);

    await store.remove('labels');
    expect((await store.list()).map((item) => item.name).sort()).toEqual(['counts', 'good']);
  });

  it('a record of no known shape at all is damaged too', async () => {
    await write('galaxies', { name: 'odd' });
    await write('files', 'not files', 'odd');
    expect(await store.list()).toEqual([{ name: 'odd', problem: DAMAGED }]);
  });
});

describe('record checks', () => {
  const entry = { name: 'karate', ...galaxy(34).entry };
  const files = galaxy(34).files;

  it('accept what the viewer writes', () => {
    expect(checkEntry(entry)).toEqual({ ok: true, value: entry });
    expect(checkEntry({ ...entry, settled: true, iterations: 200 }).ok).toBe(true);
    expect(checkFiles(files, entry)).toEqual({ ok: true, value: files });
  });

  it('name the first field that is wrong', () => {
    expect(checkEntry(null)).toEqual({ ok: false, reason: 'the entry is not an object' });
    expect(checkEntry({ ...entry, nodeCount: -1 })).toEqual({ ok: false, reason: 'nodeCount is not a star count of 1 or more' });
    expect(checkEntry({ ...entry, edgeCount: 1.5 })).toEqual({ ok: false, reason: 'edgeCount is not a link count' });
    expect(checkEntry({ ...entry, bytes: Number.NaN })).toEqual({ ok: false, reason: 'bytes is not a size in bytes' });
    expect(checkEntry({ ...entry, format: 'png' })).toEqual({ ok: false, reason: 'format is not a known format' });
    expect(checkEntry({ ...entry, settled: 'yes' })).toEqual({ ok: false, reason: 'settled is not true or false' });
    expect(checkFiles({ ...files, labels: null }, entry)).toEqual({ ok: false, reason: 'labels.json is not text' });
    expect(checkFiles({ ...files, positions: new ArrayBuffer(12) }, entry)).toEqual({
      ok: false,
      reason: 'positions.bin holds 12 bytes, not 12 for each of 34 stars',
    });
    expect(checkFiles({ ...files, links: new ArrayBuffer(3) }, entry)).toEqual({ ok: false, reason: 'links.bin is not 32-bit numbers' });
    expect(checkFiles([], entry)).toEqual({ ok: false, reason: 'the files are not an object' });
  });
});

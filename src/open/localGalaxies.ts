import type { GraphFormat } from '../importers/types';

/** What "Your galaxies" lists about a galaxy kept in this browser. */
export interface LocalGalaxyEntry {
  name: string;
  version: string;
  /** The file it was opened from. */
  sourceName: string;
  format: GraphFormat;
  nodeCount: number;
  edgeCount: number;
  /** Bytes kept (positions.bin + links.bin + labels.json). */
  bytes: number;
  createdAt: number;
  /** False until the layout has converged; such a galaxy is laid out again when opened. */
  settled: boolean;
  /** Iterations the layout took, once settled. */
  iterations?: number;
}

/** The three files of the wire format (docs/rules.md#data-and-loading). */
export interface LocalGalaxyFiles {
  positions: ArrayBuffer;
  links: ArrayBuffer;
  labels: string;
}

/** An entry whose files cannot be read back (storage cleared in part, or damaged). */
export interface ListedGalaxy extends LocalGalaxyEntry {
  problem?: string;
}

const DATABASE = 'galaxy-local';
const ENTRIES = 'galaxies';
const FILES = 'files';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('The browser refused to keep the galaxy'));
    transaction.onerror = () => reject(transaction.error ?? new Error('The browser refused to keep the galaxy'));
  });
}

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore(ENTRIES, { keyPath: 'name' });
      open.result.createObjectStore(FILES);
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('This browser gives no storage (IndexedDB) to this page'));
  }).catch((error: unknown) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

export function keptBytes(files: LocalGalaxyFiles): number {
  return files.positions.byteLength + files.links.byteLength + new TextEncoder().encode(files.labels).byteLength;
}

/** Galaxies kept in this browser (IndexedDB: entries and files in one transaction, so a galaxy is kept whole or not at all). */
export const localGalaxies = {
  async list(): Promise<ListedGalaxy[]> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readonly');
    const entries = await request(transaction.objectStore(ENTRIES).getAll() as IDBRequest<LocalGalaxyEntry[]>);
    const keys = new Set((await request(transaction.objectStore(FILES).getAllKeys())).map(String));
    return entries
      .map((entry) => (keys.has(entry.name) ? entry : { ...entry, problem: 'Its files are missing from this browser’s storage.' }))
      .sort((a, b) => b.createdAt - a.createdAt);
  },

  async get(name: string): Promise<{ entry: LocalGalaxyEntry; files: LocalGalaxyFiles } | undefined> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readonly');
    const entry = await request(transaction.objectStore(ENTRIES).get(name) as IDBRequest<LocalGalaxyEntry | undefined>);
    const files = await request(transaction.objectStore(FILES).get(name) as IDBRequest<LocalGalaxyFiles | undefined>);
    return entry && files ? { entry, files } : undefined;
  },

  async put(entry: LocalGalaxyEntry, files: LocalGalaxyFiles): Promise<void> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readwrite');
    transaction.objectStore(ENTRIES).put(entry);
    transaction.objectStore(FILES).put(files, entry.name);
    await done(transaction);
  },

  /** Keeps the settled positions of a galaxy (when its layout has converged). */
  async settle(name: string, positions: ArrayBuffer, iterations: number): Promise<void> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readwrite');
    const entries = transaction.objectStore(ENTRIES);
    const store = transaction.objectStore(FILES);
    const entry = await request(entries.get(name) as IDBRequest<LocalGalaxyEntry | undefined>);
    const files = await request(store.get(name) as IDBRequest<LocalGalaxyFiles | undefined>);
    if (entry && files) {
      entries.put({ ...entry, settled: true, iterations });
      store.put({ ...files, positions }, name);
    }
    await done(transaction);
  },

  async remove(name: string): Promise<void> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readwrite');
    transaction.objectStore(ENTRIES).delete(name);
    transaction.objectStore(FILES).delete(name);
    await done(transaction);
  },
};

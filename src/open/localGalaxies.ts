import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { checkEntry, checkFiles, DAMAGED, DamagedRecordError, type LocalGalaxyEntry, type LocalGalaxyFiles } from './keptRecord';
import { galaxyNameFor } from './localName';

export { DamagedRecordError, type LocalGalaxyEntry, type LocalGalaxyFiles } from './keptRecord';

/**
 * A galaxy as "Your galaxies" lists it: its entry, or none when the stored record is damaged (then
 * nothing it says can be shown), and why it cannot be opened, if it cannot.
 */
export interface ListedGalaxy {
  name: string;
  entry?: LocalGalaxyEntry;
  problem?: string;
}

const DATABASE = 'galaxy-local';
const ENTRIES = 'galaxies';
const FILES = 'files';
const MISSING = 'Its files are missing from this browser’s storage.';

/** What is read back is whatever storage holds (another tab, an older viewer, a damaged disk): checked before use. */
interface KeptSchema extends DBSchema {
  galaxies: { key: string; value: unknown };
  files: { key: string; value: unknown };
}

let opened: Promise<IDBPDatabase<KeptSchema>> | undefined;

function database(): Promise<IDBPDatabase<KeptSchema>> {
  opened ??= openDB<KeptSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(ENTRIES, { keyPath: 'name' });
      db.createObjectStore(FILES);
    },
    terminated() {
      opened = undefined;
    },
  }).catch((error: unknown) => {
    opened = undefined;
    throw error instanceof Error ? error : new Error('This browser gives no storage (IndexedDB) to this page');
  });
  return opened;
}

export function keptBytes(files: LocalGalaxyFiles): number {
  const text = (value: string) => new TextEncoder().encode(value).byteLength;
  const communities = files.communities ? files.communities.stars.byteLength + text(files.communities.json) : 0;
  return files.positions.byteLength + files.links.byteLength + text(files.labels) + communities;
}

function newestFirst(a: ListedGalaxy, b: ListedGalaxy): number {
  return (b.entry?.createdAt ?? -Infinity) - (a.entry?.createdAt ?? -Infinity) || a.name.localeCompare(b.name);
}

/**
 * Galaxies kept in this browser (IndexedDB: entries and files in one transaction, so a galaxy is kept
 * whole or not at all). Every record is checked as it is read: a damaged one is reported as such and
 * never handed on.
 */
export const localGalaxies = {
  async list(): Promise<ListedGalaxy[]> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readonly');
    const entries = new Map<string, LocalGalaxyEntry | undefined>();
    for (const value of await transaction.objectStore(ENTRIES).getAll()) {
      const checked = checkEntry(value);
      const name = checked.ok ? checked.value.name : String((value as { name?: unknown } | null)?.name);
      entries.set(name, checked.ok ? checked.value : undefined);
    }
    // One galaxy's files at a time: each is read (and let go) to check it.
    const files = new Map<string, boolean>();
    for await (const cursor of transaction.objectStore(FILES)) {
      const entry = entries.get(cursor.key);
      files.set(cursor.key, entry === undefined || checkFiles(cursor.value, entry).ok);
    }
    return [...entries]
      .map(([name, entry]): ListedGalaxy => {
        if (!entry) return { name, problem: DAMAGED };
        const filesOk = files.get(name);
        if (filesOk === undefined) return { name, entry, problem: MISSING };
        return filesOk ? { name, entry } : { name, problem: DAMAGED };
      })
      .sort(newestFirst);
  },

  /** The galaxy named `name`, undefined when not kept; DamagedRecordError when its stored data is damaged. */
  async get(name: string): Promise<{ entry: LocalGalaxyEntry; files: LocalGalaxyFiles } | undefined> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readonly');
    const [storedEntry, storedFiles] = await Promise.all([transaction.objectStore(ENTRIES).get(name), transaction.objectStore(FILES).get(name)]);
    if (storedEntry === undefined || storedFiles === undefined) return undefined;
    const entry = checkEntry(storedEntry);
    if (!entry.ok) throw new DamagedRecordError(entry.reason);
    const files = checkFiles(storedFiles, entry.value);
    if (!files.ok) throw new DamagedRecordError(files.reason);
    return { entry: entry.value, files: files.value };
  },

  /**
   * Keeps a new galaxy under a name made from `fileName`, free at the moment it is written: the name
   * is chosen and both records added in one transaction, so two tabs keeping galaxies at once
   * queue and each gets its own name. Returns the name.
   */
  async keep(fileName: string, entry: Omit<LocalGalaxyEntry, 'name'>, files: LocalGalaxyFiles): Promise<string> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readwrite');
    const entries = transaction.objectStore(ENTRIES);
    const store = transaction.objectStore(FILES);
    const [entryNames, fileNames] = await Promise.all([entries.getAllKeys(), store.getAllKeys()]);
    const name = galaxyNameFor(fileName, new Set([...entryNames, ...fileNames]));
    // add, not put: should the name be taken after all, the transaction fails instead of overwriting.
    await Promise.all([entries.add({ ...entry, name }), store.add(files, name), transaction.done]);
    return name;
  },

  /** Keeps the settled positions of a galaxy (when its layout has converged); a damaged one is left as it is. */
  async settle(name: string, positions: ArrayBuffer, iterations: number): Promise<void> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readwrite');
    const entries = transaction.objectStore(ENTRIES);
    const store = transaction.objectStore(FILES);
    const [storedEntry, storedFiles] = await Promise.all([entries.get(name), store.get(name)]);
    const entry = checkEntry(storedEntry);
    const files = entry.ok ? checkFiles(storedFiles, entry.value) : entry;
    if (entry.ok && files.ok) {
      await Promise.all([entries.put({ ...entry.value, settled: true, iterations }), store.put({ ...files.value, positions }, name)]);
    }
    await transaction.done;
  },

  async remove(name: string): Promise<void> {
    const db = await database();
    const transaction = db.transaction([ENTRIES, FILES], 'readwrite');
    await Promise.all([transaction.objectStore(ENTRIES).delete(name), transaction.objectStore(FILES).delete(name), transaction.done]);
  },
};

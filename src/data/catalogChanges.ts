import type { StarCatalog } from './starCatalog';

const counters = new WeakMap<StarCatalog, { changes: number }>();

/**
 * How many times a catalog has announced arrivals, counted from the first call for that catalog:
 * a snapshot that changes whenever its answers may have, for React's useSyncExternalStore. The
 * counting listener lives as long as the catalog does.
 */
export function catalogChangeCount(catalog: StarCatalog): number {
  let counter = counters.get(catalog);
  if (!counter) {
    const created = { changes: 0 };
    catalog.onChange(() => {
      created.changes++;
    });
    counters.set(catalog, created);
    counter = created;
  }
  return counter.changes;
}

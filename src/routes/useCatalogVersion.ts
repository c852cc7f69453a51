import { useCallback, useSyncExternalStore } from 'react';
import { catalogChangeCount } from '../data/catalogChanges';
import type { StarCatalog } from '../data/starCatalog';

const ignore = () => undefined;

/**
 * Re-renders the calling component whenever the catalog says something it was asked for has
 * arrived (a name, degree or neighbour shard), so it asks again. Returns the change count.
 */
export function useCatalogVersion(catalog: StarCatalog | undefined): number {
  const subscribe = useCallback((notify: () => void) => (catalog ? catalog.onChange(notify) : ignore), [catalog]);
  return useSyncExternalStore(subscribe, () => (catalog ? catalogChangeCount(catalog) : 0));
}

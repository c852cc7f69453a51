import type { Atom } from 'jotai';
import { createBrowserSearchWorker, type SearchWorkerLike } from '../../search/labelSearch';
import type { SearchedGalaxy } from '../../search/searchedGalaxy';
import type { Store } from '../store';
import { galaxySearchingAtom, searchBusyAtom, searchedGalaxyAtom, searchStatusAtom, type GalaxySearching } from './atoms';

export interface SearchSyncOptions {
  /** The galaxy to search (by default the one open now). */
  galaxy?: Atom<SearchedGalaxy | undefined>;
  /** Where a whole graph's names are searched (a worker by default; tests run it in-process). */
  createWorker?: () => SearchWorkerLike;
}

/**
 * Keeps one search over the names of the galaxy open now, outside the component tree, beside the
 * scene and address syncs: a new galaxy (a new catalog) gets a new search, whose worker starts with
 * it, and the last one's is disposed, its status and spinner cleared. The search box's hook
 * (src/search/useGalaxySearch.ts) only reads galaxySearchingAtom. Returns how to stop.
 */
export function startSearchSync(store: Store, { galaxy = searchedGalaxyAtom, createWorker = createBrowserSearchWorker }: SearchSyncOptions = {}): () => void {
  let current: GalaxySearching | undefined;

  const follow = () => {
    const searched = store.get(galaxy);
    // The same catalog again (another atom of the open galaxy changed): the same names, the same search.
    if (searched?.catalog === current?.galaxy.catalog) return;
    current?.search.dispose();
    current = searched ? { galaxy: searched, search: searched.createSearch(createWorker) } : undefined;
    store.set(galaxySearchingAtom, current);
    store.set(searchStatusAtom, undefined);
    store.set(searchBusyAtom, false);
  };

  follow();
  const stop = store.sub(galaxy, follow);
  return () => {
    stop();
    current?.search.dispose();
    current = undefined;
    store.set(galaxySearchingAtom, undefined);
  };
}

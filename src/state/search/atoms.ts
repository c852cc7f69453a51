import { atom } from 'jotai';
import type { ConstellationRef } from '../../constellations/constellations';
import type { SearchedGalaxy } from '../../search/searchedGalaxy';
import type { StarSearch } from '../../search/starSearch';
import { searchedGalaxyOf } from '../../stars/shownGalaxy';
import { openGalaxyAtom } from '../graph/openGalaxyAtom';

/** What the line under the search box says: a count, a command's answer, or why a search stopped. */
export interface SearchStatus {
  text: string;
  isError: boolean;
}

export const searchStatusAtom = atom<SearchStatus | undefined>(undefined);
export const searchBusyAtom = atom(false);

/** The constellation the search box's searches are limited to (its chip in the box), if any (docs/rules.md#search). */
export const searchScopeAtom = atom<ConstellationRef | undefined>(undefined);
/** The galaxy open now as search sees it (src/stars/shownGalaxy.ts), and the search over its names. */
export interface GalaxySearching {
  galaxy: SearchedGalaxy;
  search: StarSearch;
}

/** Kept by the search sync (src/state/search/searchSync.ts), which starts and disposes the search; the search box's hook only reads it. */
export const galaxySearchingAtom = atom<GalaxySearching | undefined>(undefined);

/** The galaxy open now as search sees it: none while a whole galaxy's files still download. */
export const searchedGalaxyAtom = atom<SearchedGalaxy | undefined>((get) => searchedGalaxyOf(get(openGalaxyAtom)));

import { atom } from 'jotai';
import type { ConstellationRef } from '../../constellations/constellations';

/** What the line under the search box says: a count, a command's answer, or why a search stopped. */
export interface SearchStatus {
  text: string;
  isError: boolean;
}

export const searchStatusAtom = atom<SearchStatus | undefined>(undefined);
export const searchBusyAtom = atom(false);

/** The constellation the search box's searches are limited to (its chip in the box), if any (docs/rules.md#search). */
export const searchScopeAtom = atom<ConstellationRef | undefined>(undefined);

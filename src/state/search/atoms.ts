import { atom } from 'jotai';

/** What the line under the search box says: a count, a command's answer, or why a search stopped. */
export interface SearchStatus {
  text: string;
  isError: boolean;
}

export const searchStatusAtom = atom<SearchStatus | undefined>(undefined);
export const searchBusyAtom = atom(false);

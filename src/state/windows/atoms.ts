import { atom } from 'jotai';
import type { Direction } from '../../ecosystems/degreeLabels';

/** docs/rules.md#panels: node-list windows, one per key, shown or hidden by key. */
export type WindowKey = 'degree' | 'search-results';

export interface DegreeWindowState {
  starId: number;
  direction: Direction;
}

export interface SearchResultsWindowState {
  pattern: string;
  ids: Uint32Array;
}

export interface StarListWindows {
  degree?: DegreeWindowState;
  'search-results'?: SearchResultsWindowState;
}

export const windowsAtom = atom<StarListWindows>({});

export const showDegreeWindowAtom = atom(null, (get, set, state: DegreeWindowState) => {
  set(windowsAtom, { ...get(windowsAtom), degree: state });
});

export const showSearchResultsAtom = atom(null, (get, set, state: SearchResultsWindowState) => {
  set(windowsAtom, { ...get(windowsAtom), 'search-results': state });
});

export const hideWindowAtom = atom(null, (get, set, key: WindowKey) => {
  const next = { ...get(windowsAtom) };
  delete next[key];
  set(windowsAtom, next);
});

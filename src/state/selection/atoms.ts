import { atom } from 'jotai';

/** The star a click or a list selected (docs/rules.md#controls). */
export const selectedStarAtom = atom<number | undefined>(undefined);

/** The star under a still pointer and where the pointer is, in viewport pixels. */
export interface HoverState {
  id: number;
  left: number;
  top: number;
}

export const hoverAtom = atom<HoverState | undefined>(undefined);

import { atom } from 'jotai';

/** Touch devices never get the help overlay on their own (docs/rules.md#panels). */
export function isTouchDevice(): boolean {
  return typeof window !== 'undefined' && ('ontouchstart' in window || navigator.maxTouchPoints > 0);
}

export const helpVisibleAtom = atom<boolean>(!isTouchDevice());

/** docs/rules.md#panels: shown on load, after a download and when a new download is requested. */
export const resetHelpAtom = atom(null, (_get, set) => {
  set(helpVisibleAtom, !isTouchDevice());
});

export const toggleHelpAtom = atom(null, (get, set) => {
  set(helpVisibleAtom, !get(helpVisibleAtom));
});

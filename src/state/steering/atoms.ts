import { atom } from 'jotai';

/** docs/rules.md#controls: space toggles steering mode (the pointer's offset from the centre turns the camera). */
export const steeringAtom = atom(false);

/** Mouse drag-to-look, on by default and toggleable. */
export const dragToLookAtom = atom(true);

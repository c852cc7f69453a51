import { atom } from 'jotai';
import type { Constellations, ConstellationRef } from '../../constellations/constellations';

/** The open galaxy's constellations, once its communities.json is in (undefined for a galaxy without them). */
export const constellationsAtom = atom<Constellations | undefined>(undefined);

/** The constellation whose stars are highlighted (the Constellations panel's click), if any. */
export const highlightedConstellationAtom = atom<ConstellationRef | undefined>(undefined);

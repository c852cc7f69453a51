import { atom } from 'jotai';
import type { OpenGalaxy } from '../../stars/shownGalaxy';
import { starCommunitiesAtom } from '../constellations/communities';
import { graphAtom, streamedGalaxyAtom, tiledGalaxyAtom } from './atoms';

/** The galaxy open now, in whichever shape it was opened: src/stars/shownGalaxy.ts turns it into what the scene and the panels show. */
export const openGalaxyAtom = atom<OpenGalaxy>((get) => ({
  graph: get(graphAtom),
  streamed: get(streamedGalaxyAtom),
  tiled: get(tiledGalaxyAtom)?.tiled,
  communities: get(starCommunitiesAtom),
}));

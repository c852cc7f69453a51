import { atom } from 'jotai';

/** A whole galaxy's finest community per star (communities.bin), once it has arrived; undefined otherwise. */
export const starCommunitiesAtom = atom<Uint32Array | undefined>(undefined);

/** Why the open galaxy's communities could not be used (a data warning naming the file), if so. */
export const communityWarningsAtom = atom<string[]>([]);

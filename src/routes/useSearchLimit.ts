import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { constellationMembers } from '../constellations/colourRule';
import { presentConstellation } from '../constellations/presentConstellation';
import type { SearchLimit } from '../search/starSearch';
import { constellationsAtom, highlightedConstellationAtom } from '../state/constellations/atoms';
import { searchScopeAtom } from '../state/search/atoms';

export interface SearchBoxLimit {
  /** The constellation the search box's searches are limited to, or undefined for every star. */
  limit: SearchLimit | undefined;
  /** The search box's chip naming the constellation. */
  chip: { name: string; colour: string } | undefined;
  clear(): void;
}

/**
 * docs/rules.md#search: the search limited to one constellation (searchScopeAtom, set from the
 * Constellations panel or the star details): its finest communities, which each galaxy's search
 * turns into its stars (a whole galaxy from its stars' communities, a tiled one from its matches'
 * tiles), and the chip that names it. `canLimit` is false where the search cannot be limited (a
 * galaxy without communities). Another galaxy's constellations drop the limit and the highlight.
 */
export function useSearchLimit(canLimit: boolean, kind: string): SearchBoxLimit {
  const constellations = useAtomValue(constellationsAtom);
  const [scope, setScope] = useAtom(searchScopeAtom);
  const setHighlighted = useSetAtom(highlightedConstellationAtom);

  useEffect(() => {
    setScope(undefined);
    setHighlighted(undefined);
  }, [constellations, setScope, setHighlighted]);

  const limit = useMemo(
    () => (canLimit && scope && constellations ? { finestMembers: constellationMembers(constellations, scope) } : undefined),
    [canLimit, scope, constellations],
  );
  const chip = useMemo(() => {
    if (!canLimit || !scope || !constellations) return undefined;
    const { name, colour } = presentConstellation(constellations, kind, scope);
    return { name, colour };
  }, [canLimit, scope, constellations, kind]);
  const clear = useCallback(() => setScope(undefined), [setScope]);
  return { limit, chip, clear };
}

import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { constellationMembers } from '../constellations/constellationMembers';
import { presentConstellation } from '../constellations/presentConstellation';
import type { StarCatalog } from '../data/starCatalog';
import { constellationsAtom, highlightedConstellationAtom } from '../state/constellations/atoms';
import { searchScopeAtom } from '../state/search/atoms';
import { useCatalogVersion } from './useCatalogVersion';

export interface SearchLimit {
  /** The stars the search box's searches are limited to, or undefined for every star. */
  members: Uint8Array | undefined;
  /** The search box's chip naming the constellation. */
  chip: { name: string; colour: string } | undefined;
  clear(): void;
}

/**
 * docs/rules.md#search: the search limited to one constellation (searchScopeAtom, set from the
 * Constellations panel or the star details): its stars, found from each star's finest community,
 * and the chip that names it. `catalog` is undefined where the search cannot be limited (a tiled
 * galaxy). Another galaxy's constellations drop the limit and the highlight.
 */
export function useSearchLimit(catalog: StarCatalog | undefined, kind: string): SearchLimit {
  const constellations = useAtomValue(constellationsAtom);
  const [scope, setScope] = useAtom(searchScopeAtom);
  const setHighlighted = useSetAtom(highlightedConstellationAtom);
  const version = useCatalogVersion(catalog);

  useEffect(() => {
    setScope(undefined);
    setHighlighted(undefined);
  }, [constellations, setScope, setHighlighted]);

  const communityOf = catalog?.communityOf?.bind(catalog);
  const members = useMemo(
    () => (scope && constellations && catalog && communityOf ? constellationMembers(constellations, communityOf, catalog.starCount, scope) : undefined),
    // The catalog's version: stars' communities that arrive later are counted in.
    [scope, constellations, catalog, version],
  );
  const chip = useMemo(() => {
    if (!scope || !constellations || !catalog) return undefined;
    const { name, colour } = presentConstellation(constellations, kind, scope);
    return { name, colour };
  }, [scope, constellations, catalog, kind]);
  const clear = useCallback(() => setScope(undefined), [setScope]);
  return { members, chip, clear };
}

import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { starConstellations } from '../constellations/constellationMembers';
import { presentConstellation } from '../constellations/presentConstellation';
import type { StarCatalog } from '../data/starCatalog';
import type { Direction } from '../ecosystems/degreeLabels';
import { presentStar } from '../ecosystems/presentStar';
import { StarDetails } from '../panels';
import { constellationsAtom } from '../state/constellations/atoms';
import { searchScopeAtom } from '../state/search/atoms';
import { selectedStarAtom } from '../state/selection/atoms';
import { showDegreeWindowAtom } from '../state/windows/atoms';
import { useCatalogVersion } from './useCatalogVersion';
import { useCompactLayout } from './useCompactLayout';
import { useConstellationActions } from './useConstellationActions';

export interface DetailsContainerProps {
  catalog: StarCatalog;
  kind: string;
  /** The galaxy's search can be limited to a constellation. */
  canLimitSearch?: boolean;
}

/**
 * The selected star's details; a degree not in yet reads '?' and opens no list; the star's
 * constellations where the galaxy has communities (docs/rules.md#panels).
 */
export function DetailsContainer({ catalog, kind, canLimitSearch = false }: DetailsContainerProps) {
  const [selected, select] = useAtom(selectedStarAtom);
  const showDegree = useSetAtom(showDegreeWindowAtom);
  const constellations = useAtomValue(constellationsAtom);
  const setScope = useSetAtom(searchScopeAtom);
  const { highlighted, choose } = useConstellationActions();
  const compact = useCompactLayout();
  useCatalogVersion(catalog);
  const finest = selected === undefined || !constellations ? undefined : catalog.communityOf?.(selected);
  const presented = useMemo(
    () => (constellations && finest !== undefined ? starConstellations(constellations, finest).map((ref) => presentConstellation(constellations, kind, ref)) : undefined),
    [constellations, finest, kind],
  );
  if (selected === undefined || !catalog.has(selected)) return null;
  const star = presentStar(kind, catalog, selected);
  return (
    <StarDetails
      star={star}
      compact={compact}
      onShowConnections={(direction: Direction) => showDegree({ starId: selected, direction })}
      onClose={() => select(undefined)}
      constellations={presented}
      highlightedConstellation={highlighted}
      onChooseConstellation={choose}
      onSearchInConstellation={canLimitSearch ? setScope : undefined}
    />
  );
}

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { missingRegionWarnings } from '../data/missingRegionWarnings';
import type { StarCatalog } from '../data/starCatalog';
import { DataWarnings } from '../panels';
import { loadWarningsAtom } from '../state/graph/atoms';
import { useCatalogVersion } from './useCatalogVersion';

/**
 * What the loader repaired in this galaxy's files, and the regions that could not be loaded, until the visitor dismisses them; a region lost after that shows the panel again.
 */
export function WarningsContainer({ catalog }: { catalog: StarCatalog }) {
  const loadWarnings = useAtomValue(loadWarningsAtom);
  const [dismissed, setDismissed] = useState<{ catalog: StarCatalog; count: number } | undefined>(undefined);
  useCatalogVersion(catalog);
  const warnings = [...loadWarnings, ...missingRegionWarnings(catalog.missingRegions)];
  if (dismissed?.catalog === catalog && dismissed.count >= warnings.length) return null;
  return <DataWarnings warnings={warnings} onDismiss={() => setDismissed({ catalog, count: warnings.length })} />;
}

import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import type { StarCatalog } from '../data/starCatalog';
import type { StarListRow } from '../panels';
import { matchesCountText } from '../search/searchStatusText';
import { hideWindowAtom, windowsAtom } from '../state/windows/atoms';
import { degreeWindowTitle, rowOf } from './catalogRow';
import { useCatalogVersion } from './useCatalogVersion';

// A list opens on the visitor's asking (a star's neighbours, search results): its code and the list
// virtualiser's are not among what a galaxy opens with (tests/unit/build/pageChunksHeld.test.ts).
const StarListWindow = lazy(() => import('../panels/StarListWindow').then(({ StarListWindow }) => ({ default: StarListWindow })));

export interface WindowsContainerProps {
  catalog: StarCatalog;
  kind: string;
  /** A name in a list was clicked: fly to that star and select it. */
  onFocus: (id: number) => void;
}

/**
 * The node lists: a star's neighbours (left; "Loading…" until its adjacency shard is in) and the
 * search results (right; growing while a streamed search runs, keeping the visitor's place).
 */
export function WindowsContainer({ catalog, kind, onFocus }: WindowsContainerProps) {
  const windows = useAtomValue(windowsAtom);
  const hideWindow = useSetAtom(hideWindowAtom);
  useCatalogVersion(catalog);
  const degree = windows.degree && catalog.has(windows.degree.starId) ? windows.degree : undefined;
  const results = windows['search-results'];
  // A view into the catalog's own arrays (no copy), asked again after every arrival.
  const connected = degree ? catalog.neighboursOf(degree.starId, degree.direction) : undefined;
  const clickName = (row: StarListRow) => onFocus(row.id);
  return (
    <Suspense fallback={null}>
      {degree ? (
        <StarListWindow
          windowKey="degree"
          placement="left"
          title={degreeWindowTitle(catalog, kind, degree, connected?.length)}
          loading={connected === undefined}
          rowCount={connected?.length ?? 0}
          getRow={(index) => rowOf(catalog, kind, connected ? connected[index] : 0)}
          onClickName={clickName}
          onClose={() => hideWindow('degree')}
        />
      ) : null}
      {results ? (
        <StarListWindow
          windowKey="search-results"
          placement="right"
          title="Search results"
          countText={matchesCountText(results.ids.length)}
          listKey={results.pattern}
          rowCount={results.ids.length}
          getRow={(index) => rowOf(catalog, kind, results.ids[index])}
          onClickName={clickName}
          onClose={() => hideWindow('search-results')}
        />
      ) : null}
    </Suspense>
  );
}

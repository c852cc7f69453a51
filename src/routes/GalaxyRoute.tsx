import { useAtomValue, useStore } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useGalaxyControls } from '../controls/useGalaxyControls';
import { fetchGalaxyNames } from '../data/fetch/galaxyIndex';
import { ecosystemKind } from '../ecosystems/kind';
import { AboutLink, ErrorPanel, HelpOverlay, SearchBox, SteeringOverlay } from '../panels';
import { GalaxyScreenDrop } from '../open/GalaxyScreenDrop';
import { isLocalGalaxy } from '../open/localName';
import { GalaxyCanvas } from '../scene/GalaxyCanvas';
import { ConstellationsContainer } from './ConstellationsContainer';
import { DetailsContainer } from './DetailsContainer';
import { HoverContainer } from './HoverContainer';
import { LoadingContainer } from './LoadingContainer';
import { NamedStarsContainer } from './NamedStarsContainer';
import { WarningsContainer } from './WarningsContainer';
import { WindowsContainer } from './WindowsContainer';
import { useGalaxySearch } from '../search/useGalaxySearch';
import { useSearchLimit } from './useSearchLimit';
import { openGalaxy } from '../state/graph/actions';
import {
  dataRootAtom,
  loadErrorAtom,
  manifestAtom,
} from '../state/graph/atoms';
import { StarStatsContainer } from './StarStatsContainer';
import { shownCatalogOf } from '../stars/shownGalaxy';
import { helpVisibleAtom, isTouchDevice } from '../state/help/atoms';
import { searchBusyAtom, searchedGalaxyAtom, searchStatusAtom } from '../state/search/atoms';
import { steeringAtom } from '../state/steering/atoms';
import { backendPolicyAtom, earlyGpuAtom, galaxySceneAtom, manifestVersionAtom, scaleAtom, shownStarsAtom } from '../state/view/atoms';
import { openGalaxyAtom } from '../state/graph/openGalaxyAtom';

// Only a galaxy of the visitor's own runs it (layout, save): not among what a galaxy opens with
// (tests/unit/build/pageChunksHeld.test.ts).
const LocalGalaxyControls = lazy(() => import('../open/LocalGalaxyControls').then(({ LocalGalaxyControls }) => ({ default: LocalGalaxyControls })));

function useEcosystemKind(name: string): string {
  const manifest = useAtomValue(manifestAtom);
  return ecosystemKind(name, manifest?.meta);
}

function useOtherGalaxies(): string[] {
  const dataRoot = useAtomValue(dataRootAtom);
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchGalaxyNames(dataRoot, { signal: controller.signal }).then(setNames, () => undefined);
    return () => controller.abort();
  }, [dataRoot]);
  return names;
}

export function GalaxyRoute({ name }: { name: string }) {
  const store = useStore();
  const opened = useAtomValue(openGalaxyAtom);
  const shown = useMemo(() => shownCatalogOf(opened), [opened]);
  // The drawn stars as the scene's star source counts them (a whole galaxy's star budget may draw fewer than all).
  const shownStars = useAtomValue(shownStarsAtom);
  const error = useAtomValue(loadErrorAtom);
  const scale = useAtomValue(scaleAtom);
  const manifestVersion = useAtomValue(manifestVersionAtom);
  const scene = useAtomValue(galaxySceneAtom);
  const earlyGpu = useAtomValue(earlyGpuAtom);
  const backendPolicy = useAtomValue(backendPolicyAtom);
  const helpVisible = useAtomValue(helpVisibleAtom);
  const steering = useAtomValue(steeringAtom);
  const searchStatus = useAtomValue(searchStatusAtom);
  const searchBusy = useAtomValue(searchBusyAtom);
  const kind = useEcosystemKind(name);
  const otherGalaxies = useOtherGalaxies();
  const sceneRef = useRef<HTMLDivElement>(null);
  const controls = useGalaxyControls(sceneRef);
  const canLimitSearch = useAtomValue(searchedGalaxyAtom)?.canBeLimited ?? false;
  const searchLimit = useSearchLimit(canLimitSearch && shown !== undefined, kind);
  const search = useGalaxySearch(controls.orbit, searchLimit.limit);
  const touch = useMemo(isTouchDevice, []);

  const retry = useCallback(
    () => void openGalaxy(store, { name, version: manifestVersion, scale, force: true }),
    [store, name, manifestVersion, scale],
  );

  return (
    <main className="galaxy-route" style={{ position: 'fixed', inset: 0, overflow: 'hidden' }}>
      <div ref={sceneRef} data-testid="galaxy-scene" style={{ position: 'absolute', inset: 0, touchAction: 'none' }}>
        {scene ? <GalaxyCanvas scene={scene} policy={backendPolicy} early={earlyGpu} /> : null}
      </div>
      <SearchBox
        key={name}
        onChange={search.onChange}
        onSubmit={search.onSubmit}
        status={searchStatus?.text}
        statusIsError={searchStatus?.isError}
        busy={searchBusy}
        scope={searchLimit.chip}
        onClearScope={searchLimit.clear}
      />
      <LoadingContainer />
      {error ? <ErrorPanel galaxyName={name} message={error} otherGalaxies={otherGalaxies} onRetry={retry} /> : null}
      {shown ? (
        <>
          <HoverContainer catalog={shown.catalog} kind={kind} />
          {shown.complete ? (
            <>
              <DetailsContainer catalog={shown.catalog} kind={kind} canLimitSearch={canLimitSearch} />
              <ConstellationsContainer kind={kind} canLimitSearch={canLimitSearch} />
              <WindowsContainer catalog={shown.catalog} kind={kind} onFocus={controls.focusStar} />
              <WarningsContainer catalog={shown.catalog} />
              <NamedStarsContainer />
            </>
          ) : null}
          {isLocalGalaxy(name) && shown.graph ? (
            <Suspense fallback={null}>
              <LocalGalaxyControls route={name} graph={shown.graph} scale={scale} />
            </Suspense>
          ) : null}
          <div style={{ position: 'fixed', left: 12, bottom: 4, zIndex: 1 }}>
            <StarStatsContainer
              name={shown.catalog.name}
              edgeCount={shown.edgeCount}
              stars={shownStars?.starCount === shown.stars.starCount ? shownStars : shown.stars}
              waitingFor={shown.waitingFor}
              holdings={shown.holdings}
            />
          </div>
        </>
      ) : null}
      <HelpOverlay visible={helpVisible && !error} touch={touch} />
      <SteeringOverlay active={steering} />
      <AboutLink />
      <GalaxyScreenDrop />
    </main>
  );
}

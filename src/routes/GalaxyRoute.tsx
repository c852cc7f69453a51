import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useGalaxyControls } from '../controls/useGalaxyControls';
import { fetchGalaxyNames } from '../data/fetch/galaxyIndex';
import { StreamedCatalog } from '../data/streamedCatalog';
import { ecosystemKind } from '../ecosystems/kind';
import { AboutLink, ErrorPanel, HelpOverlay, SearchBox, StatsLine, SteeringOverlay, StreamingStatsLine } from '../panels';
import { GalaxyScreenDrop } from '../open/GalaxyScreenDrop';
import { LocalGalaxyControls } from '../open/LocalGalaxyControls';
import { isLocalGalaxy } from '../open/localName';
import { GalaxyCanvas } from '../scene/GalaxyCanvas';
import { DetailsContainer } from './DetailsContainer';
import { HoverContainer } from './HoverContainer';
import { LoadingContainer } from './LoadingContainer';
import { NamedStarsContainer } from './NamedStarsContainer';
import { WarningsContainer } from './WarningsContainer';
import { WindowsContainer } from './WindowsContainer';
import { useGalaxySearch } from '../search/useGalaxySearch';
import { openGalaxy } from '../state/graph/actions';
import {
  dataRootAtom,
  graphAtom,
  loadErrorAtom,
  manifestAtom,
  streamedGalaxyAtom,
  tiledGalaxyAtom,
} from '../state/graph/atoms';
import { TiledStatsContainer } from './TiledStatsContainer';
import { helpVisibleAtom, isTouchDevice } from '../state/help/atoms';
import { searchBusyAtom, searchStatusAtom } from '../state/search/atoms';
import { steeringAtom } from '../state/steering/atoms';
import { earlyGpuAtom, galaxySceneAtom, manifestVersionAtom, scaleAtom } from '../state/view/atoms';

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
  const graph = useAtomValue(graphAtom);
  const streamed = useAtomValue(streamedGalaxyAtom);
  const streamedCatalog = useMemo(() => (streamed ? new StreamedCatalog(streamed) : undefined), [streamed]);
  const tiled = useAtomValue(tiledGalaxyAtom)?.tiled;
  const error = useAtomValue(loadErrorAtom);
  const scale = useAtomValue(scaleAtom);
  const manifestVersion = useAtomValue(manifestVersionAtom);
  const scene = useAtomValue(galaxySceneAtom);
  const earlyGpu = useAtomValue(earlyGpuAtom);
  const helpVisible = useAtomValue(helpVisibleAtom);
  const steering = useAtomValue(steeringAtom);
  const searchStatus = useAtomValue(searchStatusAtom);
  const searchBusy = useAtomValue(searchBusyAtom);
  const kind = useEcosystemKind(name);
  const otherGalaxies = useOtherGalaxies();
  const sceneRef = useRef<HTMLDivElement>(null);
  const controls = useGalaxyControls(sceneRef);
  const search = useGalaxySearch(graph ?? tiled, controls.orbit);
  const touch = useMemo(isTouchDevice, []);

  const retry = useCallback(
    () => void openGalaxy(store, { name, version: manifestVersion, scale, force: true }),
    [store, name, manifestVersion, scale],
  );

  return (
    <main className="galaxy-route" style={{ position: 'fixed', inset: 0, overflow: 'hidden' }}>
      <div ref={sceneRef} data-testid="galaxy-scene" style={{ position: 'absolute', inset: 0, touchAction: 'none' }}>
        {scene ? <GalaxyCanvas scene={scene} early={earlyGpu} /> : null}
      </div>
      <SearchBox
        key={name}
        onChange={search.onChange}
        onSubmit={search.onSubmit}
        status={searchStatus?.text}
        statusIsError={searchStatus?.isError}
        busy={searchBusy}
      />
      <LoadingContainer />
      {error ? <ErrorPanel galaxyName={name} message={error} otherGalaxies={otherGalaxies} onRetry={retry} /> : null}
      {graph ? (
        <>
          <HoverContainer catalog={graph} kind={kind} />
          <DetailsContainer catalog={graph} kind={kind} />
          <WindowsContainer catalog={graph} kind={kind} onFocus={controls.focusNode} />
          <WarningsContainer catalog={graph} />
          {isLocalGalaxy(name) ? <LocalGalaxyControls route={name} graph={graph} scale={scale} /> : null}
          <NamedStarsContainer />
          <div style={{ position: 'fixed', left: 12, bottom: 4, zIndex: 1 }}>
            <StatsLine name={graph.name} nodeCount={graph.nodeCount} edgeCount={graph.edgeCount} />
          </div>
        </>
      ) : tiled ? (
        <>
          <HoverContainer catalog={tiled} kind={kind} />
          <DetailsContainer catalog={tiled} kind={kind} />
          <WindowsContainer catalog={tiled} kind={kind} onFocus={controls.focusNode} />
          <WarningsContainer catalog={tiled} />
          <NamedStarsContainer />
          <div style={{ position: 'fixed', left: 12, bottom: 4, zIndex: 1 }}>
            <TiledStatsContainer galaxy={tiled} />
          </div>
        </>
      ) : streamed && streamedCatalog ? (
        <>
          <HoverContainer catalog={streamedCatalog} kind={kind} />
          <div style={{ position: 'fixed', left: 12, bottom: 4, zIndex: 1 }}>
            <StreamingStatsLine
              name={streamed.name}
              drawnStars={streamed.nodeCount}
              totalStars={streamed.nodeCount}
              edgeCount={streamed.adjacency?.edgeCount}
              waitingFor={streamed.waitingFor}
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

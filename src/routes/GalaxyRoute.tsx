import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useGalaxyControls } from '../controls/useGalaxyControls';
import { fetchGalaxyNames } from '../data/fetch/galaxyIndex';
import type { Graph } from '../data/graph';
import type { StreamedGalaxy } from '../data/streamedGalaxy';
import type { Direction } from '../ecosystems/degreeLabels';
import { degreeKindName, degreeLabel } from '../ecosystems/degreeLabels';
import { ecosystemKind } from '../ecosystems/kind';
import { placeholderNode, presentNode } from '../ecosystems/presentNode';
import { nodeIcon } from '../ecosystems/registryLinks';
import { formatCount } from '../ecosystems/formatCount';
import {
  AboutLink,
  DataWarnings,
  ErrorPanel,
  HelpOverlay,
  HoverTooltip,
  LoadingLabel,
  NodeDetails,
  type NodeListRow,
  NodeListWindow,
  SearchBox,
  StatsLine,
  SteeringOverlay,
  StreamingStatsLine,
} from '../panels';
import { GalaxyScreenDrop } from '../open/GalaxyScreenDrop';
import { LocalGalaxyControls } from '../open/LocalGalaxyControls';
import { isLocalGalaxy } from '../open/localName';
import { GalaxyCanvas } from '../scene/GalaxyCanvas';
import { NamedStarsContainer } from './NamedStarsContainer';
import { matchesCountText, useGalaxySearch } from '../search/useGalaxySearch';
import {
  cancelDownloadAtom,
  dataRootAtom,
  downloadGraphAtom,
  graphAtom,
  graphDownloadedCountAtom,
  graphLoadingAtom,
  loadErrorAtom,
  loadProgressAtom,
  loadWarningsAtom,
  manifestAtom,
  streamedGalaxyAtom,
} from '../state/graph/atoms';
import { helpVisibleAtom, isTouchDevice, resetHelpAtom } from '../state/help/atoms';
import { searchBusyAtom, searchStatusAtom } from '../state/search/atoms';
import { hoverAtom, selectedNodeAtom } from '../state/selection/atoms';
import { steeringAtom } from '../state/steering/atoms';
import { galaxyViewAtom, manifestVersionAtom, maxVisibleDistanceAtom, scaleAtom, showLinksAtom } from '../state/view/atoms';
import { useViewAddress } from '../state/view/useViewAddress';
import { hideWindowAtom, showDegreeWindowAtom, windowsAtom } from '../state/windows/atoms';

/** A row of a node list, built only when the virtual list shows it. */
function rowOf(graph: Graph, kind: string, id: number): NodeListRow {
  const name = graph.label(id);
  const row: NodeListRow = { id, name, in: graph.inDegree(id), out: graph.outDegree(id) };
  const icon = nodeIcon(kind, name);
  if (icon) row.icon = icon;
  return row;
}

function useEcosystemKind(name: string): string {
  const manifest = useAtomValue(manifestAtom);
  return ecosystemKind(name, manifest?.meta);
}

function HoverContainer({ graph, kind }: { graph: Graph; kind: string }) {
  const hover = useAtomValue(hoverAtom);
  if (!hover || !graph.has(hover.id)) return null;
  const inDegree = graph.inDegree(hover.id);
  const outDegree = graph.outDegree(hover.id);
  return (
    <HoverTooltip
      name={graph.label(hover.id)}
      inDegree={inDegree}
      outDegree={outDegree}
      inDegreeLabel={degreeLabel(kind, 'in', inDegree)}
      outDegreeLabel={degreeLabel(kind, 'out', outDegree)}
      left={hover.left}
      top={hover.top}
    />
  );
}

/**
 * The tooltip while the galaxy still streams: names come with labels.json, so until the whole
 * graph is there a star is named by its id (the placeholder (docs/rules.md#galaxy-screen)), with degrees once links are in.
 */
function StreamingHoverContainer({ streamed, kind }: { streamed: StreamedGalaxy; kind: string }) {
  const hover = useAtomValue(hoverAtom);
  if (!hover || hover.id < 0 || hover.id >= streamed.nodeCount) return null;
  const placeholder = placeholderNode(kind, hover.id);
  const links = streamed.adjacency;
  const inDegree = links ? links.inOffsets[hover.id + 1] - links.inOffsets[hover.id] : placeholder.inDegree;
  const outDegree = links ? links.outOffsets[hover.id + 1] - links.outOffsets[hover.id] : placeholder.outDegree;
  return (
    <HoverTooltip
      name={placeholder.name}
      inDegree={inDegree}
      outDegree={outDegree}
      inDegreeLabel={degreeLabel(kind, 'in', inDegree)}
      outDegreeLabel={degreeLabel(kind, 'out', outDegree)}
      left={hover.left}
      top={hover.top}
    />
  );
}

function useCompactLayout(): boolean {
  const query = '(max-width: 799.98px)';
  const [compact, setCompact] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = () => setCompact(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return compact;
}

function DetailsContainer({ graph, kind }: { graph: Graph; kind: string }) {
  const [selected, select] = useAtom(selectedNodeAtom);
  const showDegree = useSetAtom(showDegreeWindowAtom);
  const compact = useCompactLayout();
  const info = selected === undefined ? undefined : graph.getNodeInfo(selected);
  if (!info) return null;
  return (
    <NodeDetails
      node={presentNode(kind, info)}
      compact={compact}
      onShowConnections={(direction: Direction) => showDegree({ nodeId: info.id, direction })}
      onClose={() => select(undefined)}
    />
  );
}

function WindowsContainer({ graph, kind, onFocus }: { graph: Graph; kind: string; onFocus: (id: number) => void }) {
  const windows = useAtomValue(windowsAtom);
  const hideWindow = useSetAtom(hideWindowAtom);
  const degree = windows.degree && graph.has(windows.degree.nodeId) ? windows.degree : undefined;
  const results = windows['search-results'];
  const connected = useMemo(() => (degree ? graph.connected(degree.nodeId, degree.direction) : undefined), [graph, degree]);
  const clickName = (row: NodeListRow) => onFocus(row.id);
  return (
    <>
      {degree && connected ? (
        <NodeListWindow
          windowKey="degree"
          placement="left"
          title={`${graph.label(degree.nodeId)} has ${formatCount(connected.length)} ${degreeKindName(kind, degree.direction, connected.length)}`}
          rowCount={connected.length}
          getRow={(index) => rowOf(graph, kind, connected[index])}
          onClickName={clickName}
          onClose={() => hideWindow('degree')}
        />
      ) : null}
      {results ? (
        <NodeListWindow
          windowKey="search-results"
          placement="right"
          title="Search results"
          countText={matchesCountText(results.ids.length)}
          rowCount={results.ids.length}
          getRow={(index) => rowOf(graph, kind, results.ids[index])}
          onClickName={clickName}
          onClose={() => hideWindow('search-results')}
        />
      ) : null}
    </>
  );
}

/**
 * The loading label, re-rendered on its own for every progress event: the worker's events arrive in
 * bursts, and without flushing each one React would batch a whole step (such as initializing edges)
 * into the next one, so the visitor would never read it.
 */
function LoadingContainer() {
  const store = useStore();
  const [progress, setProgress] = useState(() => store.get(loadProgressAtom));
  const loading = useAtomValue(graphLoadingAtom);
  useEffect(
    () =>
      store.sub(loadProgressAtom, () => {
        queueMicrotask(() => flushSync(() => setProgress(store.get(loadProgressAtom))));
      }),
    [store],
  );
  return loading && progress ? <LoadingLabel message={progress.message} completed={progress.completed} /> : null;
}

/** What the loader repaired in this galaxy's files, until the visitor dismisses it. */
function WarningsContainer({ graph }: { graph: Graph }) {
  const warnings = useAtomValue(loadWarningsAtom);
  const [dismissed, setDismissed] = useState<Graph | undefined>(undefined);
  if (dismissed === graph) return null;
  return <DataWarnings warnings={warnings} onDismiss={() => setDismissed(graph)} />;
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

/** docs/rules.md#panels: the help shows again after each finished download (not on touch devices). */
function useHelpAfterDownload(): void {
  const downloaded = useAtomValue(graphDownloadedCountAtom);
  const resetHelp = useSetAtom(resetHelpAtom);
  useEffect(() => {
    if (downloaded > 0) resetHelp();
  }, [downloaded, resetHelp]);
}

/** Keeps view state and address in step; a component of its own so camera saves re-render only it. */
function ViewAddressSync({ name }: { name: string }) {
  useViewAddress(name);
  useHelpAfterDownload();
  return null;
}

export function GalaxyRoute({ name }: { name: string }) {
  const download = useSetAtom(downloadGraphAtom);
  const graph = useAtomValue(graphAtom);
  const streamed = useAtomValue(streamedGalaxyAtom);
  const error = useAtomValue(loadErrorAtom);
  const showLinks = useAtomValue(showLinksAtom);
  const maxVisibleDistance = useAtomValue(maxVisibleDistanceAtom);
  const scale = useAtomValue(scaleAtom);
  const manifestVersion = useAtomValue(manifestVersionAtom);
  const setView = useSetAtom(galaxyViewAtom);
  const helpVisible = useAtomValue(helpVisibleAtom);
  const steering = useAtomValue(steeringAtom);
  const searchStatus = useAtomValue(searchStatusAtom);
  const searchBusy = useAtomValue(searchBusyAtom);
  const kind = useEcosystemKind(name);
  const otherGalaxies = useOtherGalaxies();
  const sceneRef = useRef<HTMLDivElement>(null);
  const controls = useGalaxyControls(sceneRef);
  const search = useGalaxySearch(graph, controls.orbit);
  const touch = useMemo(isTouchDevice, []);

  useEffect(() => () => setView(undefined), [setView]);
  const cancelDownload = useSetAtom(cancelDownloadAtom);
  // Going Home (or anywhere off this route) cancels the download in progress.
  useEffect(() => cancelDownload, [cancelDownload]);
  const onViewReady = useCallback((view: Parameters<typeof setView>[0]) => setView(view), [setView]);
  const retry = useCallback(
    () => void download({ name, version: manifestVersion, scale, force: true }),
    [download, name, manifestVersion, scale],
  );

  return (
    <main className="galaxy-route" style={{ position: 'fixed', inset: 0, overflow: 'hidden' }}>
      <div ref={sceneRef} data-testid="galaxy-scene" style={{ position: 'absolute', inset: 0, touchAction: 'none' }}>
        <GalaxyCanvas
          graph={graph}
          streamed={streamed}
          showLinks={showLinks}
          maxVisibleDistance={maxVisibleDistance}
          scale={scale}
          onViewReady={onViewReady}
        />
      </div>
      {/* After the canvas: its effects (the scene taking the graph) run before this one places the camera. */}
      <ViewAddressSync name={name} />
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
          <HoverContainer graph={graph} kind={kind} />
          <DetailsContainer graph={graph} kind={kind} />
          <WindowsContainer graph={graph} kind={kind} onFocus={controls.focusNode} />
          <WarningsContainer graph={graph} />
          {isLocalGalaxy(name) ? <LocalGalaxyControls route={name} graph={graph} scale={scale} /> : null}
          <NamedStarsContainer />
          <div style={{ position: 'fixed', left: 12, bottom: 4, zIndex: 1 }}>
            <StatsLine name={graph.name} nodeCount={graph.nodeCount} edgeCount={graph.edgeCount} />
          </div>
        </>
      ) : streamed ? (
        <>
          <StreamingHoverContainer streamed={streamed} kind={kind} />
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

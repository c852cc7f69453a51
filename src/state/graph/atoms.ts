import { atom } from 'jotai';
import type { EarlyGalaxyFiles } from '../../data/earlyFiles';
import type { Graph } from '../../data/graph';
import type { LoadProgress, LoadedGalaxy } from '../../data/loadTypes';
import { openTiledGalaxy } from '../../tiles/stream/openTiledGalaxy';
import type { TiledGalaxy } from '../../tiles/stream/types';
import type { loadGalaxy } from '../../data/loader';
import { loadAnyGalaxy } from '../../open/loadLocalGalaxy';
import type { Manifest } from '../../data/manifest';
import type { StreamedGalaxy } from '../../data/streamedGalaxy';
import { streamingStarsWanted, streamingTilesWanted } from '../../url/pageSwitches';
import { DEFAULT_DATA_ROOT } from '../../data/dataRoot';
import type { FetchLike } from '../../data/fetch/download';
import { communityWarningsAtom } from '../constellations/communities';


export const dataRootAtom = atom<string>(DEFAULT_DATA_ROOT);

/** How galaxies are loaded, tiled versions opened and their communities fetched; a test may put fakes here. */
export const galaxyLoaderAtom = atom<{ load: typeof loadGalaxy; openTiled?: typeof openTiledGalaxy; fetch?: FetchLike }>({
  load: loadAnyGalaxy,
  openTiled: openTiledGalaxy,
});

/** The files the page asked for before the viewer ran (src/boot/pageStart.ts), taken by the first opening of their galaxy. */
export const earlyFilesAtom = atom<EarlyGalaxyFiles | undefined>(undefined);

/** docs/rules.md#data-and-loading: the store starts in loading state. */
export const graphLoadingAtom = atom<boolean>(true);
/** Name of the graph requested last (shown before it is loaded). */
export const requestedGraphNameAtom = atom<string | undefined>(undefined);
export const loadProgressAtom = atom<LoadProgress | undefined>(undefined);
export const loadedGalaxyAtom = atom<LoadedGalaxy | undefined>(undefined);
/** The stars (and links) of the galaxy downloading now, drawn before the whole graph is there. */
export const streamedGalaxyAtom = atom<StreamedGalaxy | undefined>(undefined);
/** Whether stars are drawn from positions.bin alone (`stream=0` in the page query turns it off). */
export const streamStarsAtom = atom<boolean>(typeof location === 'undefined' || streamingStarsWanted(location.search));
/** Whether versions with tiles are streamed (`tiles=0` in the page query opens their classic files instead). */
export const streamTilesAtom = atom<boolean>(typeof location === 'undefined' || streamingTilesWanted(location.search));

/** A galaxy streamed from its tiles (docs/tiles.md), opened instead of a whole graph. */
export interface OpenedTiledGalaxy {
  tiled: TiledGalaxy;
  manifest: Manifest;
  version: string;
}
export const tiledGalaxyAtom = atom<OpenedTiledGalaxy | undefined>(undefined);

export const graphAtom = atom<Graph | undefined>((get) => get(loadedGalaxyAtom)?.graph);
/** The galaxy open now, whole or tiled: its manifest and version. */
export const openedGalaxyAtom = atom<{ manifest: Manifest; version: string } | undefined>((get) => get(loadedGalaxyAtom) ?? get(tiledGalaxyAtom));
export const manifestAtom = atom<Manifest | undefined>((get) => get(openedGalaxyAtom)?.manifest);
/** The visitor-facing message of the last failed download (docs/rules.md#errors texts). */
export const loadErrorAtom = atom<string | undefined>(undefined);
export const loadWarningsAtom = atom<string[]>((get) => {
  const communityWarnings = get(communityWarningsAtom);
  const fileWarnings = get(graphAtom)?.data.warnings ?? [];
  return communityWarnings.length === 0 ? fileWarnings : [...fileWarnings, ...communityWarnings];
});
/** Bumped each time a graph finished downloading (docs/rules.md#data-and-loading: "announces the graph was downloaded"). */
export const graphDownloadedCountAtom = atom(0);


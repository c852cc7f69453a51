import { encodeLabelIndex, indexLabels, type EncodedLabelIndex, type LabelIndex } from '../../data/labelIndex';
import type { AdjacencyShard } from '../format/adjacencyCodec';
import type { DecodedHierarchy } from '../format/hierarchyCodec';
import type { DecodedTile } from '../format/tileCodec';
import { TiledGalaxyReader, type LoadTileFile } from '../format/tiledGalaxyReader';
import type { TileIndex } from '../format/tileIndex';

/** The names of one label shard: star firstStar + k is named labelAt(names, k). */
export interface LabelShardNames {
  shard: number;
  firstStar: number;
  /** One string and two offset arrays, as search workers take them (src/data/labelIndex.ts). */
  names: LabelIndex;
}

/** The names of one label shard as a search takes them: everything in it can be handed over, nothing copied. */
export interface SearchLabelShard {
  shard: number;
  firstStar: number;
  names: EncodedLabelIndex;
}

/** One file of the tiles folder to fetch and decode. */
export type TileRequest = { kind: 'tile' | 'adjacency' | 'labels' | 'searchLabels'; index: number };

export type TileAnswer =
  | { kind: 'tile'; tile: DecodedTile }
  | { kind: 'adjacency'; shard: AdjacencyShard }
  | { kind: 'labels'; labels: LabelShardNames }
  | { kind: 'searchLabels'; labels: SearchLabelShard };

/**
 * Where the decoded files of an opened tiled galaxy come from: the tile worker in the viewer
 * (tileWorkerClient.ts), the reader in-process in Node (directTileSource below). Every failure is a
 * TileDataError; an aborted request rejects.
 */
export interface TileSource {
  readonly index: TileIndex;
  readonly hierarchy: DecodedHierarchy;
  tile(tile: number, signal?: AbortSignal): Promise<DecodedTile>;
  adjacency(shard: number, signal?: AbortSignal): Promise<AdjacencyShard>;
  labels(shard: number, signal?: AbortSignal): Promise<LabelShardNames>;
  /** The same names for a search: the text as UTF-8 bytes, handed over rather than copied. */
  searchLabels(shard: number, signal?: AbortSignal): Promise<SearchLabelShard>;
  dispose(): void;
}

/** Answers one request from a source: the worker answers the page with this. */
export async function answerTileRequest(source: TileSource, request: TileRequest, signal?: AbortSignal): Promise<TileAnswer> {
  switch (request.kind) {
    case 'tile':
      return { kind: 'tile', tile: await source.tile(request.index, signal) };
    case 'adjacency':
      return { kind: 'adjacency', shard: await source.adjacency(request.index, signal) };
    case 'labels':
      return { kind: 'labels', labels: await source.labels(request.index, signal) };
    case 'searchLabels':
      return { kind: 'searchLabels', labels: await source.searchLabels(request.index, signal) };
  }
}

/** The buffers of an answer, handed over to the page instead of copied. */
export function transferablesOf(answer: TileAnswer): ArrayBuffer[] {
  const arrays: ArrayBufferView[] =
    answer.kind === 'tile'
      ? [answer.tile.classicIds, answer.tile.positions, answer.tile.inDegree, answer.tile.outDegree]
      : answer.kind === 'adjacency'
        ? [answer.shard.outOffsets, answer.shard.outTargets, answer.shard.inOffsets, answer.shard.inTargets]
        : answer.kind === 'searchLabels'
          ? [answer.labels.names.labelBytes, answer.labels.names.labelStarts, answer.labels.names.labelEnds]
          : [answer.labels.names.labelStarts, answer.labels.names.labelEnds];
  const buffers = new Set<ArrayBuffer>();
  for (const array of arrays) if (array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  return [...buffers];
}

/** A TileSource over a reader in this thread: what the worker runs, and what Node tests and tools use directly. */
export function readerTileSource(reader: TiledGalaxyReader): TileSource {
  return {
    index: reader.index,
    hierarchy: reader.hierarchy,
    tile: (tile, signal) => reader.tile(tile, signal),
    adjacency: (shard, signal) => reader.adjacency(shard, signal),
    labels: async (shard, signal) => {
      const { firstStar, names } = await reader.labels(shard, signal);
      return { shard, firstStar, names: indexLabels(names) };
    },
    searchLabels: async (shard, signal) => {
      const { firstStar, names } = await reader.labels(shard, signal);
      return { shard, firstStar, names: encodeLabelIndex(indexLabels(names)) };
    },
    dispose: () => {},
  };
}

export async function openDirectTileSource(load: LoadTileFile): Promise<TileSource> {
  return readerTileSource(await TiledGalaxyReader.open(load));
}

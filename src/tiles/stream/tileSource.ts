import type { LabelIndex } from '../../data/labelIndex';
import type { AdjacencyShard } from '../format/adjacencyCodec';
import type { DecodedHierarchy } from '../format/hierarchyCodec';
import type { LabelShardFile } from '../format/labelShard';
import { decodedTileBytes, type DecodedTile } from '../format/tileCodec';
import type { TiledGalaxyReader } from '../format/tiledGalaxyReader';
import { TileBufferShelf } from './tileBufferShelf';
import type { TileOutLinks } from './adjacencyCuts';
import { AdjacencyCutter } from './adjacencyCutter';
import type { TileIndex } from '../format/tileIndex';

/** The names of one label shard: star firstStar + k is named labelAt(names, k). */
export interface LabelShardNames {
  shard: number;
  firstStar: number;
  /** One string and two offset arrays, as search workers take them (src/data/labelIndex.ts). */
  names: LabelIndex;
}

/** One file of the tiles folder to fetch and decode. */
export type TileRequest = { kind: 'tile' | 'tileAdjacency' | 'tileOutLinks' | 'labels' | 'searchLabels' | 'communities'; index: number };

export type TileAnswer =
  | { kind: 'tile'; tile: DecodedTile }
  | { kind: 'tileAdjacency'; adjacency: AdjacencyShard }
  | { kind: 'tileOutLinks'; outLinks: TileOutLinks }
  | { kind: 'labels'; labels: LabelShardNames }
  | { kind: 'searchLabels'; labels: LabelShardFile }
  /** A tile's stars' finest communities (star firstStar + k at k). */
  | { kind: 'communities'; communities: Uint32Array };

/**
 * Where the decoded files of an opened tiled galaxy come from: the tile worker in the viewer
 * (tileWorkerClient.ts), the reader in-process in Node (directTileSource below). Every failure is a
 * TileDataError; an aborted request rejects.
 */
export interface TileSource {
  readonly index: TileIndex;
  readonly hierarchy: DecodedHierarchy;
  tile(tile: number, signal?: AbortSignal): Promise<DecodedTile>;
  /**
   * The caller has copied what it needs of a tile (decodedTileBuffer): the source may decode another
   * tile into that buffer, so the tile's arrays must not be read again.
   */
  recycle(buffer: ArrayBuffer): void;
  /** A tile's whole adjacency (both sides), cut out of its shards where they are unpacked. */
  tileAdjacency(tile: number, signal?: AbortSignal): Promise<AdjacencyShard>;
  /** A tile's out-links and their targets' tiles, cut out likewise. */
  tileOutLinks(tile: number, signal?: AbortSignal): Promise<TileOutLinks>;
  labels(shard: number, signal?: AbortSignal): Promise<LabelShardNames>;
  /** The same names for a search: the shard's file unpacked, handed over to the search worker and read there. */
  searchLabels(shard: number, signal?: AbortSignal): Promise<LabelShardFile>;
  /** A tile's communities file alone, read strictly (a search limited to a constellation asks for the tiles of its matches). */
  communities(tile: number, signal?: AbortSignal): Promise<Uint32Array>;
  dispose(): void;
}

/** Answers one request from a source: the worker answers the page with this. */
export async function answerTileRequest(source: TileSource, request: TileRequest, signal?: AbortSignal): Promise<TileAnswer> {
  switch (request.kind) {
    case 'tile':
      return { kind: 'tile', tile: await source.tile(request.index, signal) };
    case 'tileAdjacency':
      return { kind: 'tileAdjacency', adjacency: await source.tileAdjacency(request.index, signal) };
    case 'tileOutLinks':
      return { kind: 'tileOutLinks', outLinks: await source.tileOutLinks(request.index, signal) };
    case 'labels':
      return { kind: 'labels', labels: await source.labels(request.index, signal) };
    case 'searchLabels':
      return { kind: 'searchLabels', labels: await source.searchLabels(request.index, signal) };
    case 'communities':
      return { kind: 'communities', communities: await source.communities(request.index, signal) };
  }
}

/** The buffers of an answer, handed over to the page instead of copied. */
export function transferablesOf(answer: TileAnswer): ArrayBuffer[] {
  const arrays: ArrayBufferView[] =
    answer.kind === 'tile'
      ? [answer.tile.classicIds, answer.tile.positions, answer.tile.inDegree, answer.tile.outDegree, ...(answer.tile.communities ? [answer.tile.communities] : [])]
      : answer.kind === 'tileAdjacency'
        ? [answer.adjacency.outOffsets, answer.adjacency.outTargets, answer.adjacency.inOffsets, answer.adjacency.inTargets]
        : answer.kind === 'tileOutLinks'
          ? [answer.outLinks.outOffsets, answer.outLinks.outTargetTiles, answer.outLinks.outTargetPlaces]
          : answer.kind === 'searchLabels'
            ? [answer.labels.bytes]
            : answer.kind === 'communities'
              ? [answer.communities]
              : [answer.labels.names.labelStarts, answer.labels.names.labelEnds];
  const buffers = new Set<ArrayBuffer>();
  for (const array of arrays) if (array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  return [...buffers];
}

/** A TileSource over a reader in this thread: what the worker runs, and what Node tests and tools use directly. */
export function readerTileSource(reader: TiledGalaxyReader): TileSource {
  const shelf = new TileBufferShelf(decodedTileBytes(reader.index.tileCapacity));
  const adjacency = new AdjacencyCutter(reader);
  return {
    index: reader.index,
    hierarchy: reader.hierarchy,
    tile: (tile, signal) =>
      reader.tile(tile, signal, shelf.take(decodedTileBytes(reader.hierarchy.starCount[tile] ?? 0)), (error) =>
        // Its stars are still drawn, uncoloured: a colour file is not worth a hole in the sky.
        console.warn(`${error.message}; its stars are drawn without their communities`),
      ),
    recycle: (buffer) => shelf.give(buffer),
    tileAdjacency: (tile, signal) => adjacency.whole(tile, signal),
    tileOutLinks: (tile, signal) => adjacency.outLinks(tile, signal),
    labels: async (shard, signal) => ({ shard, ...(await reader.labelNames(shard, signal)) }),
    searchLabels: (shard, signal) => reader.labelFile(shard, signal),
    communities: (tile, signal) => reader.tileCommunities(tile, signal),
    dispose: () => adjacency.dispose(),
  };
}

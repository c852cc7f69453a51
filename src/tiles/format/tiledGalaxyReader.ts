import { decodeAdjacency, type AdjacencyShard } from './adjacencyCodec';
import type { DownloadBuffers } from './pooledDownload';
import { streamUnpacker, unpackFile, type FileUnpacker } from './gzip';
import { rangeOfStar, readTileHierarchy, tileFirstStars, type DecodedHierarchy } from './hierarchyCodec';
import type { LabelIndex } from '../../data/labelIndex';
import { indexLabelShard, readLabelShardFile, type LabelShardFile } from './labelShard';
import { fillPath, TILE_INDEX_FILE, tileBytes, tileCommunitiesBytes } from './layout';
import { describeTileRegion } from './region';
import { decodeTile, type DecodedTile } from './tileCodec';
import { decodeTileCommunities } from './tileCommunitiesCodec';
import { errorMessage, isStalled, TileDataError } from './tileError';
import type { LoadTileFile } from './loadTileFile';
import { parseTileIndex, type ShardSet, type TileIndex } from './tileIndex';
import { adjacencyLimit, hierarchyLimit, labelShardLimit } from './unpackLimits';

/**
 * A tiled galaxy opened from its index.json and hierarchy.bin; tiles and shards are read on demand.
 * Every failure is a TileDataError whose message names the file and, for a tile, its region.
 */
export class TiledGalaxyReader {
  /** First star number of every tile, then the total. */
  readonly tileFirstStars: Uint32Array;

  private constructor(
    readonly index: TileIndex,
    readonly hierarchy: DecodedHierarchy,
    private readonly load: LoadTileFile,
    /** The root tile's bytes, asked for while the hierarchy downloaded; used by the first request for tile 0. */
    private rootBytes?: Promise<Uint8Array>,
    /** Where files `load` read into a pool's buffers go back once unpacked (fetchTileFiles with a pool). */
    private readonly pool?: DownloadBuffers,
    /**
     * The tile worker's unpacks one file at a time into one buffer (ScratchUnpacker), so decoding
     * copies out of it at once, before anything is awaited; the page's default leaves it to the
     * browser (streamUnpacker).
     */
    private readonly unpacker: FileUnpacker = streamUnpacker,
  ) {
    this.tileFirstStars = tileFirstStars(hierarchy);
  }

  static async open(load: LoadTileFile, pool?: DownloadBuffers, unpacker?: FileUnpacker): Promise<TiledGalaxyReader> {
    const index = parseTileIndex(new TextDecoder().decode(await loadOrFail(load, TILE_INDEX_FILE, 'tiles/index.json')));
    // The first frame draws the root tile: its request goes out beside the hierarchy's, not after it
    // (the hierarchy grows with the galaxy, 84 KB at 10M stars; the root tile does not).
    const root = load(fillPath(index.tiles, 0));
    root.catch(() => {}); // read, and reported, when tile 0 is asked for
    const hierarchy = await readTileHierarchy(await loadOrFail(load, index.hierarchy, 'hierarchy.bin'), hierarchyLimit(index));
    if (hierarchy.tileCount !== index.tileCount || hierarchy.totalStars !== index.stars || hierarchy.maxInDegree !== index.maxInDegree) {
      throw new TileDataError('hierarchy.bin does not match tiles/index.json (tiles, stars or maximum in-degree differ)');
    }
    return new TiledGalaxyReader(index, hierarchy, load, root, pool, unpacker);
  }

  tilePath(tile: number): string {
    return fillPath(this.index.tiles, tile);
  }

  tileOfStar(star: number): number {
    return rangeOfStar(this.tileFirstStars, star);
  }

  /** Path of a tile's communities file, undefined for a galaxy without communities. */
  tileCommunitiesPath(tile: number): string | undefined {
    return this.index.communities === undefined ? undefined : fillPath(this.index.communities, tile);
  }

  /**
   * One tile's stars, decoded into `into` when given (decodeTile); `signal` cancels the request when the
   * camera has left the tile. Where the galaxy has communities, the tile's communities file is asked
   * for beside it; one that cannot be read leaves the stars drawn without a community (NO_COMMUNITY)
   * and calls `onCommunitiesMissing`, rather than losing the stars (`tileCommunities` reads it strictly).
   */
  async tile(tile: number, signal?: AbortSignal, into?: ArrayBuffer, onCommunitiesMissing?: (error: TileDataError) => void): Promise<DecodedTile> {
    const region = describeTileRegion(this.hierarchy, tile);
    if (tile < 0 || tile >= this.hierarchy.tileCount) throw new TileDataError(`${region}`, tile);
    const communitiesPath = this.tileCommunitiesPath(tile);
    const communityBytes = communitiesPath === undefined ? undefined : this.load(communitiesPath, signal);
    communityBytes?.catch(() => {}); // read below, once the tile has been
    let bytes: Uint8Array;
    try {
      const early = tile === 0 ? this.rootBytes : undefined;
      if (tile === 0) this.rootBytes = undefined;
      bytes = await (early ?? this.load(this.tilePath(tile), signal));
    } catch (error) {
      throw new TileDataError(`${region}: ${this.tilePath(tile)} could not be read (${errorMessage(error)})`, tile, isStalled(error));
    }
    const packed = bytes;
    let decoded: DecodedTile;
    try {
      decoded = await this.unpackThen(packed, this.tilePath(tile), tileBytes(this.hierarchy.starCount[tile]), tile, (plain) =>
        decodeTile(plain, this.hierarchy, tile, this.tileFirstStars[tile], into),
      );
    } finally {
      this.pool?.give(packed);
    }
    if (communityBytes && decoded.communities) {
      try {
        await this.decodeCommunities(await this.loadCommunities(tile, communityBytes), tile, decoded.communities);
      } catch (error) {
        if (signal?.aborted) throw error;
        onCommunitiesMissing?.(error instanceof TileDataError ? error : new TileDataError(`${region}: ${errorMessage(error)}`, tile));
      }
    }
    return decoded;
  }

  /** A tile's communities (star firstStar + k at k), read strictly: every failure is a TileDataError. */
  async tileCommunities(tile: number, signal?: AbortSignal): Promise<Uint32Array> {
    const path = this.tileCommunitiesPath(tile);
    if (path === undefined) throw new TileDataError('tiles/index.json names no communities files');
    if (tile < 0 || tile >= this.hierarchy.tileCount) throw new TileDataError(describeTileRegion(this.hierarchy, tile), tile);
    const into = new Uint32Array(this.hierarchy.starCount[tile]);
    return this.decodeCommunities(await this.loadCommunities(tile, this.load(path, signal)), tile, into);
  }

  private async loadCommunities(tile: number, bytes: Promise<Uint8Array>): Promise<Uint8Array> {
    const path = this.tileCommunitiesPath(tile) ?? '';
    try {
      return await bytes;
    } catch (error) {
      throw new TileDataError(`${describeTileRegion(this.hierarchy, tile)}: ${path} could not be read (${errorMessage(error)})`, tile, isStalled(error));
    }
  }

  private async decodeCommunities(bytes: Uint8Array, tile: number, into: Uint32Array): Promise<Uint32Array> {
    const path = this.tileCommunitiesPath(tile) ?? '';
    try {
      return await this.unpackThen(bytes, path, tileCommunitiesBytes(this.hierarchy.starCount[tile]), tile, (plain) =>
        decodeTileCommunities(plain, this.hierarchy, tile, this.tileFirstStars[tile], into),
      );
    } finally {
      this.pool?.give(bytes);
    }
  }

  /**
   * `read` given a tile's file unpacked: at once where the unpacker is synchronous (its bytes may
   * view the buffer the next file is unpacked into), once the browser has unpacked it otherwise. A
   * file that does not unpack fails as a TileDataError naming the tile's region.
   */
  private unpackThen<T>(bytes: Uint8Array, name: string, expectedBytes: number, tile: number, read: (plain: Uint8Array) => T): T | Promise<T> {
    const fail = (error: unknown): never => {
      throw new TileDataError(`${describeTileRegion(this.hierarchy, tile)}: ${errorMessage(error)}`, tile);
    };
    let plain: Uint8Array | Promise<Uint8Array>;
    try {
      plain = this.unpacker.unpack(bytes, name, expectedBytes);
    } catch (error) {
      return fail(error);
    }
    return plain instanceof Promise ? plain.then(read, fail) : read(plain);
  }

  adjacencyShardOfStar(star: number): number {
    return rangeOfStar(this.index.adjacency.starBoundaries, star);
  }

  async adjacency(shard: number, signal?: AbortSignal): Promise<AdjacencyShard> {
    const { path, firstStar, count } = this.shard(this.index.adjacency, shard);
    const packed = await loadOrFail(this.load, path, `adjacency shard ${shard}`, signal);
    const limit = adjacencyLimit(this.index, count);
    // Decoded (copied out) at once, before another request's unpacking reuses the scratch buffer.
    try {
      const bytes = this.unpacker.unpackSized(packed, limit) ?? (await unpackFile(packed, path, limit));
      return decodeAdjacency(bytes, shard, firstStar, count, this.index.stars);
    } finally {
      this.pool?.give(packed);
    }
  }

  /**
   * The same shard unpacked into `room(bytes)` (a buffer the caller keeps using) and decoded as views
   * of it: no copy is made, so the caller reads it only while that buffer holds it.
   */
  async adjacencyInto(shard: number, room: (bytes: number) => Uint8Array<ArrayBuffer>, signal?: AbortSignal): Promise<AdjacencyShard> {
    const { path, firstStar, count } = this.shard(this.index.adjacency, shard);
    const packed = await loadOrFail(this.load, path, `adjacency shard ${shard}`, signal);
    const limit = adjacencyLimit(this.index, count);
    try {
      const bytes = this.unpacker.unpackSized(packed, limit, room) ?? (await unpackFile(packed, path, limit));
      return decodeAdjacency(bytes, shard, firstStar, count, this.index.stars, 'view');
    } finally {
      this.pool?.give(packed);
    }
  }

  get labelShardCount(): number {
    return this.index.labels.starBoundaries.length - 1;
  }

  labelShardOfStar(star: number): number {
    return rangeOfStar(this.index.labels.starBoundaries, star);
  }

  /** The names of the shard's stars, star firstStar + k at k. */
  async labels(shard: number, signal?: AbortSignal): Promise<{ firstStar: number; names: string[] }> {
    return this.readLabelFile(shard, signal, (file) => ({ firstStar: file.firstStar, names: readLabelShardFile(file) }));
  }

  /** The shard's file unpacked but not read: a search hands it on to its worker, which reads it there. */
  async labelFile(shard: number, signal?: AbortSignal): Promise<LabelShardFile> {
    return this.readLabelFile(shard, signal, (file) => ({ ...file, bytes: file.bytes.slice() }));
  }

  /**
   * The shard's names as one string and offsets (indexLabelShard), read out of the scratch buffer it
   * was unpacked into: no copy of the file is left behind for a worker's late collection.
   */
  async labelNames(shard: number, signal?: AbortSignal): Promise<{ firstStar: number; names: LabelIndex }> {
    return this.readLabelFile(shard, signal, (file) => ({ firstStar: file.firstStar, names: indexLabelShard(file) }));
  }

  /** Fetches and unpacks a labels shard and hands it to `read` at once (its bytes may view the scratch buffer). */
  private async readLabelFile<T>(shard: number, signal: AbortSignal | undefined, read: (file: LabelShardFile) => T): Promise<T> {
    const { path, firstStar, count } = this.shard(this.index.labels, shard);
    const packed = await loadOrFail(this.load, path, `labels shard ${shard}`, signal);
    try {
      const bytes = this.unpacker.unpackSized(packed, labelShardLimit()) ?? (await unpackFile(packed, path, labelShardLimit()));
      return read({ shard, firstStar, count, bytes });
    } finally {
      this.pool?.give(packed);
    }
  }

  private shard(set: ShardSet, shard: number): { path: string; firstStar: number; count: number } {
    if (!Number.isInteger(shard) || shard < 0 || shard >= set.starBoundaries.length - 1) {
      throw new TileDataError(`shard ${shard} does not exist`);
    }
    const firstStar = set.starBoundaries[shard];
    return { path: fillPath(set.path, shard), firstStar, count: set.starBoundaries[shard + 1] - firstStar };
  }
}

async function loadOrFail(load: LoadTileFile, path: string, name: string, signal?: AbortSignal): Promise<Uint8Array> {
  try {
    return await load(path, signal);
  } catch (error) {
    throw new TileDataError(`${name} (${path}) could not be read: ${errorMessage(error)}`, undefined, isStalled(error));
  }
}

import type { AdjacencyShard } from '../format/adjacencyCodec';
import { rangeOfStar } from '../format/hierarchyCodec';

/**
 * A tile's links cut out of the adjacency shards that hold its stars (shards are numbered by star,
 * tiles by region, so a tile's stars lie in one or two shards): pure, run where the shards are
 * unpacked (the tile worker), so that only the tile's part crosses to the page.
 */

/** The part of each of the consecutive `shards` that holds stars `firstStar .. firstStar + count - 1`. */
function partsHolding(shards: readonly AdjacencyShard[], firstStar: number, count: number) {
  const end = firstStar + count;
  const parts = shards.map((shard) => {
    const from = Math.max(firstStar, shard.firstStar) - shard.firstStar;
    const to = Math.min(end, shard.firstStar + shard.count) - shard.firstStar;
    return { shard, from, to: Math.max(from, to) };
  });
  const covered = parts.reduce((stars, part) => stars + part.to - part.from, 0);
  if (covered !== count) throw new Error(`Adjacency shards ${shards.map((s) => s.shard).join(', ')} do not hold stars ${firstStar}-${end - 1}`);
  return parts;
}

type Side = 'out' | 'in';

const sideOf = (shard: AdjacencyShard, side: Side) => (side === 'out' ? [shard.outOffsets, shard.outTargets] : [shard.inOffsets, shard.inTargets]);

/** Links of one side in those parts. */
function sideLinks(parts: ReturnType<typeof partsHolding>, side: Side): number {
  return parts.reduce((links, { shard, from, to }) => {
    const [offsets] = sideOf(shard, side);
    return links + offsets[to] - offsets[from];
  }, 0);
}

/** One side's offsets and targets of those parts, copied into arrays of their own so that the shards can be dropped. */
function copySide(parts: ReturnType<typeof partsHolding>, count: number, side: Side): readonly [Uint32Array, Uint32Array] {
  const offsets = new Uint32Array(count + 1);
  const targets = new Uint32Array(sideLinks(parts, side));
  copySideInto(parts, side, offsets, targets);
  return [offsets, targets];
}

/** Fills `offsets` (count + 1) and `targets` (sideLinks) with one side of those parts. */
function copySideInto(parts: ReturnType<typeof partsHolding>, side: Side, offsets: Uint32Array, targets: Uint32Array): void {
  let star = 0;
  let at = 0;
  for (const { shard, from, to } of parts) {
    const [shardOffsets, shardTargets] = sideOf(shard, side);
    targets.set(shardTargets.subarray(shardOffsets[from], shardOffsets[to]), at);
    for (let local = from; local < to; local++) offsets[++star] = at + shardOffsets[local + 1] - shardOffsets[from];
    at += shardOffsets[to] - shardOffsets[from];
  }
}

/** The adjacency (both sides) of stars `firstStar .. firstStar + count - 1`, out of the consecutive shards that hold them. */
export function adjacencyOfStars(shards: readonly AdjacencyShard[], firstStar: number, count: number): AdjacencyShard {
  const parts = partsHolding(shards, firstStar, count);
  const [outOffsets, outTargets] = copySide(parts, count, 'out');
  const [inOffsets, inTargets] = copySide(parts, count, 'in');
  return { shard: shards[0]?.shard ?? -1, firstStar, count, outOffsets, outTargets, inOffsets, inTargets };
}

/**
 * A tile's out-links, what drawing links needs: every link between two drawn stars is an out-link of
 * one of them. A target is held as its tile and its place in that tile, which is all drawing asks
 * (the tile's first slot plus the place), each in two bytes where the galaxy's tiles and their stars
 * are counted in 16 bits: 4 bytes a link instead of 8.
 */
export interface TileOutLinks {
  firstStar: number;
  count: number;
  /** count + 1 entries; star firstStar + k links to the targets outOffsets[k] .. outOffsets[k + 1] - 1. */
  outOffsets: Uint32Array;
  /** The tile of each out-target. */
  outTargetTiles: Uint16Array | Uint32Array;
  /** Each out-target's place in its tile: the target is star tileFirstStars[tile] + place. */
  outTargetPlaces: Uint16Array | Uint32Array;
}

/** The out-side (offsets, targets) of stars `firstStar .. firstStar + count - 1`, out of the consecutive shards that hold them. */
export function outSideOfStars(shards: readonly AdjacencyShard[], firstStar: number, count: number): readonly [Uint32Array, Uint32Array] {
  return copySide(partsHolding(shards, firstStar, count), count, 'out');
}

/** The out-links of stars `firstStar .. firstStar + count - 1`, out of the consecutive shards that hold them. */
export function outLinksOfStars(shards: readonly AdjacencyShard[], firstStar: number, count: number, tileFirstStars: Uint32Array): TileOutLinks {
  const parts = partsHolding(shards, firstStar, count);
  const links = sideLinks(parts, 'out');
  const tileCount = tileFirstStars.length - 1;
  let largestTile = 0;
  for (let t = 0; t < tileCount; t++) largestTile = Math.max(largestTile, tileFirstStars[t + 1] - tileFirstStars[t]);
  const tileBytes = tileCount <= 0x10000 ? 2 : 4;
  const placeBytes = largestTile <= 0x10000 ? 2 : 4;
  // The columns in one buffer (the page holds each drawn tile's out-links as one backing store and one
  // buffer object), four-byte columns before two-byte ones so that each starts aligned.
  const buffer = new ArrayBuffer((count + 1) * 4 + links * (tileBytes + placeBytes));
  const outOffsets = new Uint32Array(buffer, 0, count + 1);
  const wider = links * Math.max(tileBytes, placeBytes);
  const column = (bytes: number, offset: number) => (bytes === 2 ? new Uint16Array(buffer, offset, links) : new Uint32Array(buffer, offset, links));
  const outTargetTiles = column(tileBytes, outOffsets.byteLength + (tileBytes >= placeBytes ? 0 : wider));
  const outTargetPlaces = column(placeBytes, outOffsets.byteLength + (tileBytes >= placeBytes ? wider : 0));
  const outTargets = new Uint32Array(links);
  copySideInto(parts, 'out', outOffsets, outTargets);
  for (let i = 0; i < links; i++) {
    const tile = rangeOfStar(tileFirstStars, outTargets[i]);
    outTargetTiles[i] = tile;
    outTargetPlaces[i] = outTargets[i] - tileFirstStars[tile];
  }
  return { firstStar, count, outOffsets, outTargetTiles, outTargetPlaces };
}

export function outLinksBytesHeld(links: TileOutLinks): number {
  return links.outOffsets.byteLength + links.outTargetTiles.byteLength + links.outTargetPlaces.byteLength;
}

export function adjacencyBytesHeld(adjacency: AdjacencyShard): number {
  return adjacency.outOffsets.byteLength + adjacency.inOffsets.byteLength + adjacency.outTargets.byteLength + adjacency.inTargets.byteLength;
}

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

/** A tile's out-links, what drawing links needs: every link between two drawn stars is an out-link of one of them. */
export interface TileOutLinks {
  firstStar: number;
  count: number;
  /** count + 1 entries; star firstStar + k links to outTargets[outOffsets[k] .. outOffsets[k + 1]). */
  outOffsets: Uint32Array;
  outTargets: Uint32Array;
  /** The tile of each out-target. */
  outTargetTiles: Uint32Array;
}

/** The out-side (offsets, targets) of stars `firstStar .. firstStar + count - 1`, out of the consecutive shards that hold them. */
export function outSideOfStars(shards: readonly AdjacencyShard[], firstStar: number, count: number): readonly [Uint32Array, Uint32Array] {
  return copySide(partsHolding(shards, firstStar, count), count, 'out');
}

/** The out-links of stars `firstStar .. firstStar + count - 1`, out of the consecutive shards that hold them. */
export function outLinksOfStars(shards: readonly AdjacencyShard[], firstStar: number, count: number, tileFirstStars: Uint32Array): TileOutLinks {
  const parts = partsHolding(shards, firstStar, count);
  const links = sideLinks(parts, 'out');
  // The three columns in one buffer: the page holds each drawn tile's out-links as one backing store and one buffer object, not three.
  const buffer = new ArrayBuffer((count + 1 + 2 * links) * Uint32Array.BYTES_PER_ELEMENT);
  const outOffsets = new Uint32Array(buffer, 0, count + 1);
  const outTargets = new Uint32Array(buffer, outOffsets.byteLength, links);
  const outTargetTiles = new Uint32Array(buffer, outOffsets.byteLength + outTargets.byteLength, links);
  copySideInto(parts, 'out', outOffsets, outTargets);
  for (let i = 0; i < outTargets.length; i++) outTargetTiles[i] = rangeOfStar(tileFirstStars, outTargets[i]);
  return { firstStar, count, outOffsets, outTargets, outTargetTiles };
}

export function outLinksBytesHeld(links: TileOutLinks): number {
  return links.outOffsets.byteLength + links.outTargets.byteLength + links.outTargetTiles.byteLength;
}

export function adjacencyBytesHeld(adjacency: AdjacencyShard): number {
  return adjacency.outOffsets.byteLength + adjacency.inOffsets.byteLength + adjacency.outTargets.byteLength + adjacency.inTargets.byteLength;
}

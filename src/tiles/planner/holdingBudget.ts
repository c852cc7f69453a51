import { defaultBudget, openingBudget, type DeviceHints } from './budgets';
import type { StreamingBudget } from './streamingPlanner';

/** What a tiled galaxy holds besides its drawn stars, fetched part by part (a tile's names, out-links or whole adjacency). */
export type HeldKind = 'names' | 'outLinks' | 'adjacency';

/**
 * The holding budget (docs/glossary.md): everything a tiled galaxy keeps in the tab, in one object,
 * apportioned from what the device allows (defaultBudget: an eighth of navigator.deviceMemory,
 * 4 GiB assumed when not reported) among its kinds. The drawn stars (the planner's tile bytes, the
 * slot pool and GPU buffers) get BYTES_PER_STREAMED_STAR a budgeted star, their tiles held in
 * HeldParts against `stars.bytes`; names, out-links and adjacency share `parts.bytes`, held least
 * recently used first out across the three in the same HeldParts, each kind at most its cap, so
 * that one kind may borrow what the others leave unused.
 */
export interface HoldingBudget {
  /** The drawn stars: the star budget and the bytes of tiles the planner may want. */
  stars: StreamingBudget;
  parts: PartsBudget;
}

export interface PartsBudget {
  /** Bytes of names, out-links and adjacency together. */
  bytes: number;
  /** Most bytes one kind may hold. */
  caps: Readonly<Record<HeldKind, number>>;
}

const MIB = 2 ** 20;
/**
 * Names, out-links and adjacency together at most: 128 MiB, what the two fixed caches held before
 * (64 MiB of names, 64 MiB of adjacency, docs/decisions.md "A tiled galaxy streams into a pool of
 * slots"), and never more than a quarter of what the device allows a galaxy.
 */
export const MAX_PART_BYTES = 128 * MIB;
/**
 * Each kind's cap, a share of the parts' bytes: they sum to more than one, so a kind borrows what the
 * others leave. Names fill as the visitor hovers; drawn tiles' out-links are what links draw (links
 * stop asking at LINK_SHARE_OF_OUT_LINKS of their cap, so they never evict their own); whole
 * adjacency serves the panels' neighbour lists, a few tiles at a time.
 */
export const PART_SHARES: Readonly<Record<HeldKind, number>> = { names: 0.5, outLinks: 0.5, adjacency: 0.25 };

/** Apportions the bytes the device allows a galaxy (`deviceBytes`) to the drawn stars of `stars` and to the fetched parts. */
export function apportion(stars: StreamingBudget, deviceBytes: number): HoldingBudget {
  const bytes = Math.min(MAX_PART_BYTES, Math.max(16 * MIB, Math.floor(deviceBytes / 4)));
  const caps = { names: bytes * PART_SHARES.names, outLinks: bytes * PART_SHARES.outLinks, adjacency: bytes * PART_SHARES.adjacency };
  return { stars, parts: { bytes, caps } };
}

/**
 * The holding budget of this device for a backend, with `budget=` of the address when given (the
 * stars' bytes grow to hold it; the parts' do not: they follow what the visitor hovers and links).
 */
export function holdingBudget(hints: DeviceHints, budgetStars?: number): HoldingBudget {
  return apportion(openingBudget(hints, budgetStars), defaultBudget(hints).bytes);
}

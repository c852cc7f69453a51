import { STALL_LIMIT_MS } from '../../data/loadTypes';

/** The shortest stall limit `stallLimit=` may set (ms). */
const SHORTEST_STALL_LIMIT_MS = 100;

/**
 * How long a tiled galaxy's file may send nothing before it is given up (docs/rules.md#routes):
 * STALL_LIMIT_MS, or `?stallLimit=<ms>` before the `#`. The key is for tests: page.clock does not
 * reach the tile worker, which learns the limit from the page.
 */
export function tileStallLimitMs(search: string = typeof location === 'undefined' ? '' : location.search): number {
  const asked = Number(new URLSearchParams(search).get('stallLimit') ?? NaN);
  return Number.isFinite(asked) && asked >= SHORTEST_STALL_LIMIT_MS ? asked : STALL_LIMIT_MS;
}

import { clampStars } from '../tiles/planner/budgets';

/** The galaxy address's star budget key, kept as is when the view is written back (see writeViewQuery). */
export const BUDGET_KEY = 'budget';

const SUFFIXES: Record<string, number> = { '': 1, k: 1e3, m: 1e6 };

/**
 * `budget=` in the galaxy address: the most stars drawn at once, replacing the device's default.
 * A number, optionally with k or m ('500k', '2m', '2e6'); clamped to 50,000..20,000,000. Missing or
 * not a number gives undefined: the default for the backend and device is kept.
 */
export function parseBudgetKey(query: string | URLSearchParams): number | undefined {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const raw = params.get(BUDGET_KEY)?.trim().toLowerCase();
  if (!raw) return undefined;
  const match = /^([0-9]*\.?[0-9]+(?:e[0-9]+)?)\s*([km]?)$/.exec(raw);
  if (!match) return undefined;
  const value = Number.parseFloat(match[1]) * SUFFIXES[match[2]];
  return Number.isFinite(value) ? clampStars(value) : undefined;
}

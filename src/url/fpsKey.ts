import { DEFAULT_TARGET_FPS, MAX_TARGET_FPS, MIN_TARGET_FPS } from '../tiles/planner/frameBudget';

/** The galaxy address's frame rate key, kept as written when the view is written back. */
export const FPS_KEY = 'fps';

/**
 * `fps=` in the galaxy address (docs/rules.md#url): the frames a second the star budget aims at.
 * A number from 1 to 240; missing, unreadable or outside that range (an odd value) gives the default, 60.
 */
export function parseFpsKey(query: string | URLSearchParams): number {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const raw = params.get(FPS_KEY)?.trim();
  if (!raw || !/^[0-9]*\.?[0-9]+$/.test(raw)) return DEFAULT_TARGET_FPS;
  const fps = Number.parseFloat(raw);
  return fps >= MIN_TARGET_FPS && fps <= MAX_TARGET_FPS ? fps : DEFAULT_TARGET_FPS;
}

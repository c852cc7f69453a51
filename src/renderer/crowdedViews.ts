/**
 * Both backends draw crowded views (more stars in view than pixels) nearest cells first in stages,
 * and before each stage after the first skip the cells already hidden behind what is drawn.
 */

/** Stars in view per pixel from which staging pays for its depth reductions. */
export const CULL_FROM_STARS_PER_PIXEL = 1;
/** Where stages end, as fractions of the stars in view, nearest cells first; the last stage takes the rest. */
export const STAGE_ENDS = [0.1, 0.3, 0.55];

/** The performance mark of the first stars painted by the entry (src/boot/firstStars.ts), read beside the scene's firstStarFrameAt. */
export const FIRST_STARS_MARK = 'galaxy:first-stars';

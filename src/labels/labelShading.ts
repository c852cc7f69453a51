import { LABEL_HALO_COLOR, LABEL_HALO_CSS_PX, LABEL_SDF_RADIUS } from './constants';
import { TEXELS_PER_CSS_PX } from './labelAtlas';

/** The label shaders' uniforms, from the constants: where the letters and the halo end in the field. */
export const LABEL_EDGE = 0.5;
export const LABEL_HALO_EDGE = Math.max(0.02, LABEL_EDGE - (LABEL_HALO_CSS_PX * TEXELS_PER_CSS_PX) / (2 * LABEL_SDF_RADIUS));
export { LABEL_HALO_COLOR };

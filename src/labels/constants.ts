/**
 * Every number that decides how star names look and how many are drawn, in one place. The shaders
 * take the look (halo width and colour, distance-field edge) as uniforms computed from these.
 */

/** Names are drawn at this size in CSS pixels, whatever the device pixel ratio. */
export const LABEL_FONT_CSS_PX = 13;
/** Names are rasterised into the atlas at this size; the distance field scales it to any size sharply. */
export const LABEL_RASTER_PX = 20;
/** Atlas pixels of distance the field encodes on each side of a glyph's edge. */
export const LABEL_SDF_RADIUS = 6;
/** Empty atlas pixels around a name's text (room for the halo and the field's fall-off). */
export const LABEL_SDF_PADDING = 6;
/** Width of the dark halo around the letters, in CSS pixels (readable on any background). */
export const LABEL_HALO_CSS_PX = 2;
/** Halo colour, RGBA 0..1. */
export const LABEL_HALO_COLOR: readonly [number, number, number, number] = [0, 0, 0, 0.9];

/** Fill colours, packed RGBA 0xRRGGBBAA. Hovered follows the hovered star's colour (docs/rules.md#controls: red). */
export const LABEL_COLOR_NORMAL = 0xe8e8f0ff;
export const LABEL_COLOR_HOVERED = 0xff4040ff;
export const LABEL_COLOR_SELECTED = 0xffd54aff;

/**
 * Constellation names (docs/names.md#constellation-names): this many times the star names' size, in
 * a paler colour, fainter by their letters only (the colour at this brightness): the halo keeps its
 * strength, so that they read over a galaxy's bright core.
 */
export const CONSTELLATION_FONT_SCALE = 1.5;
export const LABEL_COLOR_CONSTELLATION = 0xb4c6f0ff;
export const CONSTELLATION_BRIGHTNESS = 0.75;
export const CONSTELLATION_FILL = dimmed(LABEL_COLOR_CONSTELLATION, CONSTELLATION_BRIGHTNESS);
/** At most this many constellation names at once. */
export const CONSTELLATION_BUDGET = 10;

/** At most this many names are drawn at once (pinned ones included). */
export const LABEL_BUDGET = 300;
/** The scan keeps this many best candidates for placement (more than the budget: some will not fit). */
export const LABEL_CANDIDATES = 400;
/**
 * A star is named only when the star shaders' size rule (before their 2 px minimum) makes it at least
 * this many CSS pixels wide: the biggest stars of a whole galaxy seen from outside qualify, the
 * crowd of small far ones does not. Pinned stars always are named.
 */
export const LABEL_MIN_STAR_CSS_PX = 0.6;
/** Names longer than this (in CSS pixels) are cut with an ellipsis. */
export const LABEL_MAX_WIDTH_CSS_PX = 260;
/** Space between a star's edge and its name, and the empty margin kept around every name box. */
export const LABEL_GAP_CSS_PX = 3;
export const LABEL_MARGIN_CSS_PX = 6;
/** The hovered and selected names keep only this margin from the others: they are named wherever they fit. */
export const LABEL_PINNED_MARGIN_CSS_PX = 2;
/** Empty space kept between a name and the page's panels (search box, stats line, details...). */
export const LABEL_PANEL_MARGIN_CSS_PX = 6;
/**
 * Density (docs/names.md#density): the screen is cut into squares of this side; a square takes the
 * first name whose box centre falls in it, and more only while they cover at most this fraction of
 * it, so that most of the sky stays dark wherever stars crowd: two common names (70 x 17 px) a
 * square, one long one.
 */
export const LABEL_DENSITY_CELL_CSS_PX = 160;
export const LABEL_DENSITY_MAX_COVER = 0.1;
/** Fade in or out over this many milliseconds. */
export const LABEL_FADE_MS = 180;

/**
 * While the camera moves, at most this many new names go to the raster worker per drawn frame (at
 * rest, as many as the queue holds): in a fast flight the worker would otherwise take a core for
 * names that are gone a few frames later. At 60 frames a second this is 480 names a second.
 */
export const LABEL_RASTER_PER_MOVING_FRAME = 8;
/**
 * New names wait for the camera to rest this long (docs/names.md#when-the-camera-rests): names come
 * back soon after a flight, the list of named stars waits longer.
 */
export const LABEL_CAMERA_REST_MS = 150;

/**
 * While the camera moves (or the cells drawn change with it), a new pass of the candidate scan begins
 * at most this often (docs/names.md#cost): a pass walks every drawn star, and beginning one for every
 * frame of a flight cost the main thread more than the rest of the frame. The names are placed every
 * frame at the stars' current places from the last pass's candidates; a pass with the camera where
 * it came to rest follows within this time and one animation frame (the pass begins in the first
 * animation frame's task once due, a frame that draws nothing where the camera rests, through the
 * page's frame queue), or where animation frames stop altogether (a hidden tab) within the queue's
 * FRAMELESS_RUN_MS (src/timing/frameQueue.ts) of the frame that found it not due.
 */
export const LABEL_SCAN_MOVING_INTERVAL_MS = 100;

/**
 * While the camera moves, the constellations to name are chosen anew at most this often (as star
 * names' candidates are scanned); in the frames between, the names chosen follow the camera (their
 * places, spans and fades worked out for each frame) and none is added. The first frame with the
 * camera at rest chooses for it whatever the time.
 */
export const CONSTELLATION_CHOICE_MOVING_INTERVAL_MS = LABEL_SCAN_MOVING_INTERVAL_MS;
/**
 * And at most every this many frames: where frames come over 50 ms apart (a software rasteriser) the
 * time alone would choose at nearly every frame. At 60 frames a second the time decides (6 frames).
 */
export const CONSTELLATION_CHOICE_MOVING_FRAMES = 2;

/** Main-thread budget of one slice of label work (the candidate scan, rasterising names). */
export const LABEL_WORK_SLICE_MS = 4;
/** Atlas size in texels (one 8-bit channel): room for every candidate at the longest name width, so it is not cleared over and over. */
export const LABEL_ATLAS_WIDTH = 2048;
export const LABEL_ATLAS_HEIGHT = 4096;

/** Floats per drawn name: box x, y, w, h (CSS px), atlas u0, v0, u1, v1, fill r, g, b and opacity. */
export const LABEL_QUAD_FLOATS = 12;

/** A colour 0xRRGGBBAA with its red, green and blue times `brightness` (alpha kept). */
function dimmed(color: number, brightness: number): number {
  const channel = (shift: number) => Math.round(((color >>> shift) & 255) * brightness) << shift;
  return (channel(24) | channel(16) | channel(8) | (color & 255)) >>> 0;
}

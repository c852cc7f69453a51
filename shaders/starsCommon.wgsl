// Stars for WebGPU: what every star pass shares. Mirrors stars.vert / stars.frag: the same size
// rule, the same sprite, texels with alpha under SPRITE_ALPHA_THRESHOLD discarded, the nearest star
// winning each pixel. Each pass is a file of its own (src/renderer/webgpu/starPasses.ts puts this
// part, the frame's Uniforms and the pass's bindings in front of it):
//
// WebGPU has no points above one pixel, and a rasteriser pays mostly per primitive for stars a
// few pixels wide (SwiftShader: setup and edge walking of every triangle), so stars are drawn two ways:
// - small stars (at most SPLAT_MAX_PX wide on screen) are splatted by two compute passes: the
//   first (starsSplatDepth.wgsl) keeps the nearest depth per pixel (atomicMax of the inverted depth
//   bits), the second (starsSplatColor.wgsl) writes the colour of the star that won; a full-screen
//   pass (starsResolve.wgsl) then writes colour and depth;
// - bigger stars, which the first pass lists, are one triangle each (starsBig.wgsl) that encloses
//   the part of the square a GL point of the same size keeps (vertex pulling from storage buffers,
//   three vertices per star, drawn indirectly).
// Both compute the sprite coordinate from the pixel centre exactly as gl_PointCoord is.
//
// When more stars are in view than the canvas has pixels, the depth pass runs in stages, nearest
// cells first. Before each later stage reduceTiles (starsTileReduction.wgsl) keeps the farthest
// splatted depth of every TILE_PIXELS x TILE_PIXELS pixels, and cullSpans (starsCulling.wgsl)
// empties each span of the stage whose cell (grown by the largest star's radius) projects only onto
// tiles nearer than the cell's nearest depth: none of its stars, small or big, could win a pixel.
// The CPU computes each span's tiles and nearest depth (webgpu/hiddenCells.ts).

// A span is one workgroup's share of a run (a contiguous range of star slots in view).
struct Span {
  first: u32,
  count: u32,
  /** The tiles its stars can light: first and last tile, x in the low 16 bits, y in the high ones. */
  tileMin: u32,
  tileMax: u32,
  /** Inverted depth bits just nearer than any of its stars; 0 = not to be tested. */
  nearKey: u32,
};

struct Stage {
  /** The spans of this stage are spans[base..end). */
  base: u32,
  end: u32,
};

/** Stars up to this many pixels wide are splatted; WebGPU points (triangles) above. */
const SPLAT_MAX_PX = 8.0;
// WORKGROUP, STARS_PER_INVOCATION (the stars each invocation of a splat pass takes), BIG_DRAW_ARGS
// (where the big stars' draw arguments sit among the frame counters at the head of winnersOut) and
// WINNERS_START (where the winners' slots start after them) are shared with the CPU
// (src/renderer/shaderConstants.ts).
const STARS_PER_WORKGROUP = WORKGROUP * STARS_PER_INVOCATION;

fn tilesAcross() -> u32 {
  return (u32(u.viewport.x) + TILE_PIXELS - 1u) / TILE_PIXELS;
}

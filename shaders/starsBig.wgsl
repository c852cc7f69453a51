// Big stars: one triangle each, listed by splatDepth (starsSplatDepth.wgsl) and drawn indirectly.

struct VertexOut {
  @builtin(position) clip: vec4f,
  @location(0) @interpolate(flat) color: vec4f,
  @location(1) @interpolate(flat) centerPx: vec2f,
  @location(2) @interpolate(flat) twoOverSize: f32,
};

// Corners in units of half the point size: the equilateral triangle around the disc of radius
// 0.76, just more than the 0.75 beyond which the sprite's alpha is under 0.5 and the texel is
// discarded, so it covers every pixel a GL point keeps while shading far fewer than the square.
const corners = array<vec2f, 3>(vec2f(0.0, 1.52), vec2f(-1.3164, -0.76), vec2f(1.3164, -0.76));

@vertex
fn vs(@builtin(vertex_index) vertex: u32) -> VertexOut {
  // The splat pass listed the slots of the stars too big to splat.
  let star = bigIn[vertex / 3u];
  let position = starPosition(star);
  let sizePx = starSizePx(star, position);
  let clip = u.viewProjection * vec4f(position, 1.0);
  var out: VertexOut;
  out.clip = vec4f(clip.xy + corners[vertex % 3u] * sizePx / u.viewport * clip.w, clip.zw);
  // Colours are RGBA8 bytes in memory: the lowest byte of the u32 is red.
  out.color = unpack4x8unorm(colors[star]);
  out.centerPx = toPixels(clip);
  out.twoOverSize = 2.0 / sizePx;
  return out;
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4f {
  // Same as gl_PointCoord * 2 - 1 for a GL point of this size and centre.
  let texel = starTexel(in.color, in.clip.xy, in.centerPx, in.twoOverSize);
  if (texel.a < SPRITE_ALPHA_THRESHOLD) {
    discard;
  }
  return vec4f(texel.rgb, 1.0);
}

// Stars for WebGPU. WebGPU has no points above one pixel, so each star is one triangle that
// encloses the part of the square a GL point of the same size keeps (vertex pulling from storage buffers,
// three vertices per star, no instancing: SwiftShader and many drivers pay a cost per instance).
// Mirrors stars.vert / stars.frag: the sprite coordinate is computed from the pixel centre exactly
// as gl_PointCoord is.

struct Uniforms {
  viewProjection: mat4x4f,
  cameraPosition: vec3f,
  maxPointSize: f32,
  viewport: vec2f,
};

@group(0) @binding(0) var<uniform> u: Uniforms;
@group(0) @binding(1) var<storage, read> positions: array<f32>;
@group(0) @binding(2) var<storage, read> colors: array<u32>;
@group(0) @binding(3) var<storage, read> sizes: array<f32>;

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
  // Stars are stored in grid-cell order; a frame draws only the runs of cells in view (firstVertex picks the run).
  let star = vertex / 3u;
  let position = vec3f(positions[star * 3u], positions[star * 3u + 1u], positions[star * 3u + 2u]);
  // At least two pixels, as in stars.vert: a smaller point can miss every pixel centre whose sprite alpha is 0.5 or more.
  // The distance to the camera is what length(eye.xyz) is in stars.vert, without a second matrix product.
  let sizePx = clamp(sizes[star] * (351.0 / distance(position, u.cameraPosition)), 2.0, u.maxPointSize);
  let clip = u.viewProjection * vec4f(position, 1.0);
  var out: VertexOut;
  out.clip = vec4f(clip.xy + corners[vertex % 3u] * sizePx / u.viewport * clip.w, clip.zw);
  // Colours are RGBA8 bytes in memory: the lowest byte of the u32 is red.
  out.color = unpack4x8unorm(colors[star]);
  let ndc = clip.xy / clip.w;
  out.centerPx = vec2f((ndc.x + 1.0) * 0.5 * u.viewport.x, (1.0 - ndc.y) * 0.5 * u.viewport.y);
  out.twoOverSize = 2.0 / sizePx;
  return out;
}

// The star sprite at an offset from the point's centre in units of half its size (coord * 2 - 1):
// a bright disc that fades towards its rim. Texels with alpha under 0.5 are discarded, which for
// any colour alpha means every offset beyond 0.75: that test needs no square root.
fn starSprite(offset: vec2f) -> vec4f {
  let r2 = dot(offset, offset);
  return vec4f(vec3f(1.0 - 0.35 * r2), clamp(2.0 * (1.0 - sqrt(r2)), 0.0, 1.0));
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4f {
  // Same as gl_PointCoord * 2 - 1 for a GL point of this size and centre.
  let offset = (in.clip.xy - in.centerPx) * in.twoOverSize;
  if (dot(offset, offset) > 0.5625) {
    discard;
  }
  let texel = in.color * starSprite(offset);
  if (texel.a < 0.5) {
    discard;
  }
  return vec4f(texel.rgb, 1.0);
}

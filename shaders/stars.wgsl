// Stars for WebGPU: one instanced quad per star (WebGPU has no points above one pixel).
// Mirrors stars.vert / stars.frag: the quad covers the pixels a GL point of the same size covers,
// and the sprite coordinate is computed from the pixel centre exactly as gl_PointCoord is.

struct Uniforms {
  view: mat4x4f,
  projection: mat4x4f,
  viewport: vec2f,
  maxPointSize: f32,
  _pad: f32,
};

@group(0) @binding(0) var<uniform> u: Uniforms;

struct VertexOut {
  @builtin(position) clip: vec4f,
  @location(0) color: vec4f,
  @location(1) @interpolate(flat) centerPx: vec2f,
  @location(2) @interpolate(flat) sizePx: f32,
};

@vertex
fn vs(
  @builtin(vertex_index) corner: u32,
  @location(0) position: vec3f,
  @location(1) color: vec4f,
  @location(2) size: f32,
) -> VertexOut {
  let eye = u.view * vec4f(position, 1.0);
  // At least two pixels, as in stars.vert: a smaller quad can miss every pixel centre whose sprite alpha is 0.5 or more.
  let sizePx = clamp(size * (351.0 / length(eye.xyz)), 2.0, u.maxPointSize);
  let clip = u.projection * eye;
  let offset = vec2f(f32(corner & 1u), f32(corner >> 1u)) * 2.0 - 1.0;
  var out: VertexOut;
  out.clip = vec4f(clip.xy + offset * sizePx / u.viewport * clip.w, clip.zw);
  out.color = color;
  let ndc = clip.xy / clip.w;
  out.centerPx = vec2f((ndc.x + 1.0) * 0.5 * u.viewport.x, (1.0 - ndc.y) * 0.5 * u.viewport.y);
  out.sizePx = sizePx;
  return out;
}

fn starSprite(coord: vec2f) -> vec4f {
  let r = length(coord * 2.0 - 1.0);
  return vec4f(vec3f(1.0 - 0.35 * r * r), clamp(2.0 * (1.0 - r), 0.0, 1.0));
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4f {
  let coord = (in.clip.xy - in.centerPx) / in.sizePx + 0.5;
  let texel = in.color * starSprite(coord);
  if (texel.a < 0.5) {
    discard;
  }
  return vec4f(texel.rgb, 1.0);
}

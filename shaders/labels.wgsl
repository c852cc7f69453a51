// Star names for WebGPU: one screen-space quad per name, coloured from a signed distance field
// atlas, with a halo. Mirrors labels.vert / labels.frag.

struct LabelUniforms {
  // Canvas size in CSS pixels: quads are placed in CSS pixels.
  viewport: vec2f,
  // Field value on the letters' edge, and on the halo's outer edge.
  edge: f32,
  haloEdge: f32,
  haloColor: vec4f,
};

@group(0) @binding(0) var<uniform> u: LabelUniforms;
@group(0) @binding(1) var atlas: texture_2d<f32>;
@group(0) @binding(2) var atlasSampler: sampler;

struct VertexOut {
  @builtin(position) clip: vec4f,
  @location(0) uv: vec2f,
  @location(1) fill: vec4f,
};

@vertex
fn vs(@builtin(vertex_index) vertex: u32, @location(0) box: vec4f, @location(1) uvBox: vec4f, @location(2) fill: vec4f) -> VertexOut {
  // Two triangles: corners (0,0) (1,0) (0,1), (0,1) (1,0) (1,1).
  var corners = array<vec2f, 6>(vec2f(0.0, 0.0), vec2f(1.0, 0.0), vec2f(0.0, 1.0), vec2f(0.0, 1.0), vec2f(1.0, 0.0), vec2f(1.0, 1.0));
  let corner = corners[vertex];
  let css = box.xy + corner * box.zw;
  var out: VertexOut;
  out.clip = vec4f(css.x / u.viewport.x * 2.0 - 1.0, 1.0 - css.y / u.viewport.y * 2.0, 0.0, 1.0);
  out.uv = mix(uvBox.xy, uvBox.zw, corner);
  out.fill = fill;
  return out;
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4f {
  let d = textureSample(atlas, atlasSampler, in.uv).r;
  let aa = max(fwidth(d) * 0.7, 1e-3);
  let letters = smoothstep(u.edge - aa, u.edge + aa, d);
  let halo = smoothstep(u.haloEdge - aa, u.haloEdge + aa, d) * u.haloColor.a;
  let alpha = max(letters, halo) * in.fill.a;
  let rgb = mix(u.haloColor.rgb, in.fill.rgb, letters / max(max(letters, halo), 1e-3));
  return vec4f(rgb, alpha);
}

// Links for WebGPU: a line list indexing the star positions (and colours), blended additively at
// LINK_OPACITY. Mirrors links.vert / links.frag: vsPositions and vsStars are links.vert with
// uStarColours off and on (webgpu/links.ts keeps a pipeline for each).

// Uniforms is declared in frameUniforms.wgsl, put in front of this file (webgpu/links.ts).
@group(0) @binding(0) var<uniform> u: Uniforms;

struct VertexOut {
  @builtin(position) clip: vec4f,
  @location(0) color: vec3f,
};

// docs/rules.md#renderer: link colours derive from positions over LINK_COLOR_RANGE...
@vertex
fn vsPositions(@location(0) position: vec3f) -> VertexOut {
  var out: VertexOut;
  out.clip = u.viewProjection * vec4f(position, 1.0);
  out.color = clamp(position / LINK_COLOR_RANGE + 0.5, vec3f(0.0), vec3f(1.0));
  return out;
}

// ...or, while stars are coloured by constellation, each end takes its star's drawn RGBA8 colour.
@vertex
fn vsStars(@location(0) position: vec3f, @location(1) starColor: vec4f) -> VertexOut {
  var out: VertexOut;
  out.clip = u.viewProjection * vec4f(position, 1.0);
  out.color = starColor.rgb;
  return out;
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4f {
  return vec4f(in.color, LINK_OPACITY);
}

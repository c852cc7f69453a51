// Links for WebGPU: a line list indexing the star positions, blended additively at LINK_OPACITY.
// Mirrors links.vert / links.frag.

// Uniforms is declared in frameUniforms.wgsl, put in front of this file (webgpu/links.ts).
@group(0) @binding(0) var<uniform> u: Uniforms;

struct VertexOut {
  @builtin(position) clip: vec4f,
  @location(0) color: vec3f,
};

@vertex
fn vs(@location(0) position: vec3f) -> VertexOut {
  var out: VertexOut;
  out.clip = u.viewProjection * vec4f(position, 1.0);
  // docs/rules.md#renderer: link colours derive from positions over LINK_COLOR_RANGE.
  out.color = clamp(position / LINK_COLOR_RANGE + 0.5, vec3f(0.0), vec3f(1.0));
  return out;
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4f {
  return vec4f(in.color, LINK_OPACITY);
}

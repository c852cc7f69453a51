// The splatted stars into the frame: a full-screen triangle writes the colour and depth of each
// pixel a star won in the splat passes.

struct ResolveOut {
  @location(0) color: vec4f,
  @builtin(frag_depth) depth: f32,
};

@vertex
fn vsResolve(@builtin(vertex_index) vertex: u32) -> @builtin(position) vec4f {
  let corner = vec2f(f32((vertex << 1u) & 2u), f32(vertex & 2u));
  return vec4f(corner * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fsResolve(@builtin(position) pixel: vec4f) -> ResolveOut {
  let index = u32(pixel.y) * u32(u.viewport.x) + u32(pixel.x);
  let key = depthKeysIn[index];
  if (key == 0u) {
    discard;
  }
  var out: ResolveOut;
  out.color = unpack4x8unorm(splatColorsIn[index]);
  out.depth = bitcast<f32>(~key);
  return out;
}

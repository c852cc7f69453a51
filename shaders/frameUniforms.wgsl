// The frame's uniforms, written once a frame by src/renderer/webgpu/uniforms.ts and read by the
// star passes (stars*.wgsl) and the links (links.wgsl).

struct Uniforms {
  viewProjection: mat4x4f,
  cameraPosition: vec3f,
  maxPointSize: f32,
  viewport: vec2f,
};

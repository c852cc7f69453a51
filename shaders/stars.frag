#version 300 es
// Stars for WebGL2. Mirrors stars.wgsl: the same procedural sprite, texels under alpha 0.5 discarded.
precision highp float;

in vec4 vColor;
out vec4 fragColor;

// The star sprite at a point coordinate in 0..1: a bright disc that fades towards its rim.
vec4 starSprite(vec2 coord) {
  float r = length(coord * 2.0 - 1.0);
  return vec4(vec3(1.0 - 0.35 * r * r), clamp(2.0 * (1.0 - r), 0.0, 1.0));
}

void main() {
  vec4 texel = vColor * starSprite(gl_PointCoord);
  if (texel.a < 0.5) discard;
  fragColor = vec4(texel.rgb, 1.0);
}

#version 300 es
// Stars for WebGL2. Mirrors starSprite in starsShape.wgsl: the same procedural sprite, texels under SPRITE_ALPHA_THRESHOLD discarded.
precision highp float;

flat in vec4 vColor;
out vec4 fragColor;

// The star sprite at an offset from the point's centre in units of half its size (coord * 2 - 1):
// a bright disc that fades towards its rim. Texels with alpha under 0.5 are discarded, which for
// any colour alpha means every offset beyond 0.75: that test needs no square root.
vec4 starSprite(vec2 offset) {
  float r2 = dot(offset, offset);
  return vec4(vec3(1.0 - 0.35 * r2), clamp(2.0 * (1.0 - sqrt(r2)), 0.0, 1.0));
}

void main() {
  vec2 offset = gl_PointCoord * 2.0 - 1.0;
  if (dot(offset, offset) > 0.5625) discard;
  vec4 texel = vColor * starSprite(offset);
  if (texel.a < SPRITE_ALPHA_THRESHOLD) discard;
  fragColor = vec4(texel.rgb, 1.0);
}

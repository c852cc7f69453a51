#version 300 es
// Stars for WebGL2: one point per star. Mirrors starSizePx in starsShape.wgsl (the same size on screen).
// With CULL_OCCLUDED defined (prepended by src/renderer/webgl2/starPasses.ts), a two-pixel star is dropped before
// rasterisation when every pixel it could light is already nearer in uDepth: it would fail the
// depth test there anyway.
precision highp float;

layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;
layout(location = 2) in float size;
// docs/tiles.md#stand-in-stars: 1, more for a coarse tile's star standing in for stars not drawn, less while a finer tile grows in.
layout(location = 3) in float footprint;

uniform mat4 uViewProjection;
uniform vec3 uCameraPosition;
uniform float uMaxPointSize;

// One colour for the whole point: nothing to interpolate per pixel.
flat out vec4 vColor;

#ifdef CULL_OCCLUDED
uniform highp sampler2D uDepth;

// A two-pixel point lights only pixel centres within 0.75 px of its centre, all inside the 2x2
// block of centres around it; behind all four, it cannot show.
bool occluded(vec4 clip) {
  if (clip.w <= 0.0) return false;
  vec3 ndc = clip.xyz / clip.w;
  ivec2 last = textureSize(uDepth, 0) - 1;
  ivec2 lo = ivec2(floor((ndc.xy * 0.5 + 0.5) * vec2(last + 1) - 0.5));
  ivec2 hi = clamp(lo + 1, ivec2(0), last);
  lo = clamp(lo, ivec2(0), last);
  float nearest = max(max(texelFetch(uDepth, lo, 0).r, texelFetch(uDepth, ivec2(hi.x, lo.y), 0).r),
                      max(texelFetch(uDepth, ivec2(lo.x, hi.y), 0).r, texelFetch(uDepth, hi, 0).r));
  // Beyond the 24-bit depth step, so that a star the depth test would let through is never dropped.
  return ndc.z * 0.5 + 0.5 > nearest + 1.5e-7;
}
#endif

void main() {
  // docs/rules.md#renderer: point size scales with distance, by POINT_SIZE_FACTOR. At least two pixels: a smaller
  // point can fall between pixel centres whose sprite alpha is under the threshold, and the star would vanish.
  // At most uMaxPointSize. The footprint (docs/tiles.md#stand-in-stars) scales it after the floor, so that
  // from afar too a stand-in star is wider and a star growing in (footprint under 1) smaller; under a pixel it is not drawn.
  float sizePx = max(size * (POINT_SIZE_FACTOR / distance(position, uCameraPosition)), 2.0) * footprint;
  gl_PointSize = min(sizePx, uMaxPointSize);
  gl_Position = sizePx < 1.0 ? vec4(2.0, 2.0, 2.0, 1.0) : uViewProjection * vec4(position, 1.0);
  vColor = color;
#ifdef CULL_OCCLUDED
  if (gl_PointSize <= 2.0 && occluded(gl_Position)) gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
#endif
}

#version 300 es
// Stars for WebGL2: one point per star. Mirrors stars.wgsl.
precision highp float;

layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;
layout(location = 2) in float size;

uniform mat4 uView;
uniform mat4 uProjection;
uniform float uMaxPointSize;

out vec4 vColor;

void main() {
  vec4 eye = uView * vec4(position, 1.0);
  // SPEC: point size scales with distance, factor 351. At least two pixels: a smaller point can fall
  // between pixel centres whose sprite alpha is under 0.5, and the star would vanish. At most uMaxPointSize.
  gl_PointSize = clamp(size * (351.0 / length(eye.xyz)), 2.0, uMaxPointSize);
  gl_Position = uProjection * eye;
  vColor = color;
}

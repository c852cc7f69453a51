#version 300 es
// Star names for WebGL2: one screen-space quad per name (instanced). Mirrors labels.wgsl.
precision highp float;

layout(location = 0) in vec4 box;
layout(location = 1) in vec4 uvBox;
layout(location = 2) in vec4 fill;

// Canvas size in CSS pixels: quads are placed in CSS pixels.
uniform vec2 uViewport;

out vec2 vUv;
out vec4 vFill;

void main() {
  // Two triangles: corners (0,0) (1,0) (0,1), (0,1) (1,0) (1,1).
  int i = gl_VertexID;
  vec2 corner = vec2((i == 1 || i == 4 || i == 5) ? 1.0 : 0.0, (i == 2 || i == 3 || i == 5) ? 1.0 : 0.0);
  vec2 css = box.xy + corner * box.zw;
  gl_Position = vec4(css.x / uViewport.x * 2.0 - 1.0, 1.0 - css.y / uViewport.y * 2.0, 0.0, 1.0);
  vUv = mix(uvBox.xy, uvBox.zw, corner);
  vFill = fill;
}

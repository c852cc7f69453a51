#version 300 es
// Links for WebGL2: a line list indexing the star positions. Mirrors links.wgsl.
precision highp float;

layout(location = 0) in vec3 position;

uniform mat4 uView;
uniform mat4 uProjection;

out vec3 vColor;

void main() {
  gl_Position = uProjection * uView * vec4(position, 1.0);
  // docs/rules.md#renderer: link colours derive from positions over LINK_COLOR_RANGE.
  vColor = clamp(position / LINK_COLOR_RANGE + 0.5, 0.0, 1.0);
}

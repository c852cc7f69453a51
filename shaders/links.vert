#version 300 es
// Links for WebGL2: a line list indexing the star positions and colours. Mirrors links.wgsl
// (which has one vertex entry per colour source where this has uStarColours).
precision highp float;

layout(location = 0) in vec3 position;
// The star's drawn RGBA8 colour, the stars' own colour buffer (webgl2/links.ts).
layout(location = 1) in vec4 starColor;

uniform mat4 uView;
uniform mat4 uProjection;
// Set while the stars are coloured by constellation (Renderer.setLinkColours('stars')).
uniform bool uStarColours;

out vec3 vColor;

void main() {
  gl_Position = uProjection * uView * vec4(position, 1.0);
  // docs/rules.md#renderer: link ends take their star's colour when stars are coloured by
  // constellation, else a colour derived from their position over LINK_COLOR_RANGE.
  vColor = uStarColours ? starColor.rgb : clamp(position / LINK_COLOR_RANGE + 0.5, 0.0, 1.0);
}

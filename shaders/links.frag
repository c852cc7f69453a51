#version 300 es
// Links for WebGL2, blended additively at LINK_OPACITY. Mirrors links.wgsl.
precision highp float;

in vec3 vColor;
out vec4 fragColor;

void main() {
  fragColor = vec4(vColor, LINK_OPACITY);
}

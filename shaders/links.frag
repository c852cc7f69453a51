#version 300 es
// Links for WebGL2, blended additively at opacity 0.5. Mirrors links.wgsl.
precision highp float;

in vec3 vColor;
out vec4 fragColor;

void main() {
  fragColor = vec4(vColor, 0.5);
}

#version 300 es
// One triangle covering the viewport, for the depth-tile reduction (WebGL2 only: the WebGPU
// backend reduces its splatted depth to tiles in a compute pass, reduceTiles in starsTileReduction.wgsl).
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}

#version 300 es
// The farthest depth in each uTile x uTile block of uDepth, as a 24-bit integer in red, green, blue
// (RGBA8 is the one colour format WebGL2 always lets us read back).
precision highp float;
precision highp int;

uniform highp sampler2D uDepth;
uniform int uTile;

out vec4 outColor;

void main() {
  ivec2 size = textureSize(uDepth, 0);
  ivec2 origin = ivec2(gl_FragCoord.xy) * uTile;
  ivec2 end = min(origin + uTile, size);
  float farthest = 0.0;
  for (int y = origin.y; y < end.y; y++) {
    for (int x = origin.x; x < end.x; x++) farthest = max(farthest, texelFetch(uDepth, ivec2(x, y), 0).r);
  }
  uint steps = min(uint(round(farthest * 16777215.0)), 16777215u);
  outColor = vec4(float(steps >> 16u), float((steps >> 8u) & 255u), float(steps & 255u), 255.0) / 255.0;
}

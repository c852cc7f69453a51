#version 300 es
// Star names for WebGL2: letters from a signed distance field atlas, with a halo. Mirrors labels.wgsl.
precision highp float;

uniform sampler2D uAtlas;
// Field value on the letters' edge, and on the halo's outer edge.
uniform float uEdge;
uniform float uHaloEdge;
uniform vec4 uHaloColor;

in vec2 vUv;
in vec4 vFill;
out vec4 fragColor;

void main() {
  float d = texture(uAtlas, vUv).r;
  float aa = max(fwidth(d) * 0.7, 1e-3);
  float letters = smoothstep(uEdge - aa, uEdge + aa, d);
  float halo = smoothstep(uHaloEdge - aa, uHaloEdge + aa, d) * uHaloColor.a;
  float alpha = max(letters, halo) * vFill.a;
  vec3 rgb = mix(uHaloColor.rgb, vFill.rgb, letters / max(max(letters, halo), 1e-3));
  fragColor = vec4(rgb, alpha);
}

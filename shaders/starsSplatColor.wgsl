// Writes the colour of every pixel's nearest star.
@compute @workgroup_size(WORKGROUP)
fn splatColor(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32) {
  let count = winnersIn[3];
  let width = i32(u.viewport.x);
  for (var k = 0u; k < STARS_PER_INVOCATION; k++) {
    let j = group.x * STARS_PER_WORKGROUP + lane + k * WORKGROUP;
    if (j >= count) {
      break;
    }
    let s = splatOf(winnersIn[WINNERS_START + j]);
    for (var y = s.first.y; y <= s.last.y; y++) {
      for (var x = s.first.x; x <= s.last.x; x++) {
        let pixel = y * width + x;
        if (depthKeysIn[pixel] == s.key) {
          let texel = starTexel(s.color, vec2f(f32(x), f32(y)) + 0.5, s.centerPx, s.twoOverSize);
          if (texel.a >= SPRITE_ALPHA_THRESHOLD) {
            splatColors[pixel] = pack4x8unorm(vec4f(texel.rgb, 1.0));
          }
        }
      }
    }
  }
}

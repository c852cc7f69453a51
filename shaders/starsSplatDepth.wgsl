// Keeps the nearest star per pixel. A star that was the nearest of its pixel when it was splatted
// is listed for splatColor, which so visits only those: with the cells in view taken nearest
// first, most stars behind others are never listed.
@compute @workgroup_size(WORKGROUP)
fn splatDepth(@builtin(workgroup_id) group: vec3u, @builtin(num_workgroups) groups: vec3u, @builtin(local_invocation_index) lane: u32) {
  // The frame's counters start all zero (cleared with the depth keys): the first invocation of each
  // stage sets the ones, splatColor's dispatch of 0 x 1 x 1 and the big stars' 0 vertices of 1 instance.
  if (group.x == 0u && group.y == 0u && lane == 0u) {
    atomicStore(&winnersOut[1], 1u);
    atomicStore(&winnersOut[2], 1u);
    atomicStore(&winnersOut[BIG_DRAW_ARGS + 1u], 1u);
  }
  let index = stage.base + group.y * groups.x + group.x;
  if (index >= stage.end) {
    return;
  }
  let span = spans[index];
  let width = i32(u.viewport.x);
  for (var k = 0u; k < STARS_PER_INVOCATION; k++) {
    let j = lane + k * WORKGROUP;
    if (j >= span.count) {
      break;
    }
    let star = span.first + j;
    let s = splatOf(star);
    if (s.big) {
      let n = atomicAdd(&winnersOut[BIG_DRAW_ARGS], 3u) / 3u;
      atomicStore(&bigOut[n], star);
      continue;
    }
    var won = false;
    for (var y = s.first.y; y <= s.last.y; y++) {
      for (var x = s.first.x; x <= s.last.x; x++) {
        if (lights(s, vec2i(x, y)) && atomicMax(&depthKeys[y * width + x], s.key) < s.key) {
          won = true;
        }
      }
    }
    if (won) {
      let n = atomicAdd(&winnersOut[3], 1u);
      if (n % STARS_PER_WORKGROUP == 0u) {
        atomicAdd(&winnersOut[0], 1u);
      }
      atomicStore(&winnersOut[WINNERS_START + n], star);
    }
  }
}

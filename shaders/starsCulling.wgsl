// Before a later stage: empties every run of the stage whose tiles are all already nearer than
// its nearest star. A pass of its own, one run per invocation, because a workgroup barrier in
// splatDepth makes every one of its workgroups slower on SwiftShader.
@compute @workgroup_size(WORKGROUP)
fn cullRuns(@builtin(global_invocation_id) id: vec3u) {
  let index = stage.base + id.x;
  if (index >= stage.end) {
    return;
  }
  let run = runsOut[index];
  if (run.nearKey == 0u) {
    return;
  }
  let first = vec2u(run.tileMin & 0xffffu, run.tileMin >> 16u);
  let last = vec2u(run.tileMax & 0xffffu, run.tileMax >> 16u);
  let stride = tilesAcross();
  for (var y = first.y; y <= last.y; y++) {
    for (var x = first.x; x <= last.x; x++) {
      if (tileKeysIn[y * stride + x] <= run.nearKey) {
        return;
      }
    }
  }
  runsOut[index].count = 0u;
}

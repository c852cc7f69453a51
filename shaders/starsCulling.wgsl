// Before a later stage: empties every span of the stage whose tiles are all already nearer than
// its nearest star. A pass of its own, one span per invocation, because a workgroup barrier in
// splatDepth makes every one of its workgroups slower on SwiftShader.
@compute @workgroup_size(WORKGROUP)
fn cullSpans(@builtin(global_invocation_id) id: vec3u) {
  let index = stage.base + id.x;
  if (index >= stage.end) {
    return;
  }
  let span = spansOut[index];
  if (span.nearKey == 0u) {
    return;
  }
  let first = vec2u(span.tileMin & 0xffffu, span.tileMin >> 16u);
  let last = vec2u(span.tileMax & 0xffffu, span.tileMax >> 16u);
  let stride = tilesAcross();
  for (var y = first.y; y <= last.y; y++) {
    for (var x = first.x; x <= last.x; x++) {
      if (tileKeysIn[y * stride + x] <= span.nearKey) {
        return;
      }
    }
  }
  spansOut[index].count = 0u;
}

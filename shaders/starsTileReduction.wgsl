// The farthest splatted depth (smallest key) of each tile, for the next stage's cullSpans.
@compute @workgroup_size(WORKGROUP)
fn reduceTiles(@builtin(global_invocation_id) id: vec3u) {
  let across = tilesAcross();
  let size = vec2u(u.viewport);
  if (id.x >= across * ((size.y + TILE_PIXELS - 1u) / TILE_PIXELS)) {
    return;
  }
  let first = vec2u(id.x % across, id.x / across) * TILE_PIXELS;
  let end = min(first + TILE_PIXELS, size);
  var farthest = 0xffffffffu;
  for (var y = first.y; y < end.y; y++) {
    for (var x = first.x; x < end.x; x++) {
      farthest = min(farthest, depthKeysIn[y * size.x + x]);
    }
  }
  tileKeysOut[id.x] = farthest;
}

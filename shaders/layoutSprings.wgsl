// Force layout, pass 5: springs, parallel over links so that a hub costs no more than its share.
// springTerms: one invocation per entry of the adjacency lists (each link in both endpoints' lists,
// the lists back to back), weight times the vector to the neighbour (the pull grows with the link's
// length); a segmented scan in each workgroup sums each node's entries there. A list that the
// workgroup holds whole is written to springSums; a piece of a longer one goes to tilePieces (the
// piece that starts the workgroup's tile, or the one that ends it). pull: one invocation per node
// adds its springs (its own sum, or its pieces: one per 256 entries), gravity towards the centre
// (growing with distance, ForceAtlas2's "strong gravity") and its repulsion; sums the squared forces
// per workgroup for the step schedule.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> positions: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> entryNodes: array<u32>;
@group(0) @binding(3) var<storage, read> neighbours: array<u32>;
@group(0) @binding(4) var<storage, read> weights: array<f32>;
@group(0) @binding(5) var<storage, read> linkStarts: array<u32>;
@group(0) @binding(6) var<storage, read_write> springSums: array<vec4<f32>>;
// Per tile: 2 * tile the piece that begins it (of a list begun before it), 2 * tile + 1 the piece that ends it.
@group(0) @binding(7) var<storage, read_write> tilePieces: array<vec4<f32>>;

const GROUP = 256u;
// xyz: running sum, w: 1 when a list starts within the span summed.
var<workgroup> scanned: array<vec4<f32>, GROUP>;

@compute @workgroup_size(256)
fn springTerms(@builtin(local_invocation_index) local: u32, @builtin(workgroup_id) group: vec3<u32>,
               @builtin(num_workgroups) groups: vec3<u32>) {
  let tile = linearGroup(group, groups);
  let e = tile * GROUP + local;
  let inside = e < params.entryCount;
  var node = 0u;
  var term = vec4<f32>(0.0, 0.0, 0.0, 1.0);
  if (inside) {
    node = entryNodes[e];
    let starts = e == linkStarts[node];
    term = vec4<f32>((positions[neighbours[e]].xyz - positions[node].xyz) * weights[e], select(0.0, 1.0, starts || local == 0u));
  }
  scanned[local] = term;
  workgroupBarrier();
  // Segmented inclusive scan: a sum stops at the start of its list.
  for (var offset = 1u; offset < GROUP; offset = offset << 1u) {
    var before = vec4<f32>(0.0);
    if (local >= offset) {
      before = scanned[local - offset];
    }
    workgroupBarrier();
    let mine = scanned[local];
    if (mine.w == 0.0) {
      scanned[local] = vec4<f32>(mine.xyz + before.xyz, before.w);
    }
    workgroupBarrier();
  }
  if (!inside) {
    return;
  }
  let listEnd = linkStarts[node + 1u];
  let tileEnd = min(params.entryCount, (tile + 1u) * GROUP);
  // Only the last entry of each list's piece in this tile writes.
  if (e + 1u != listEnd && e + 1u != tileEnd) {
    return;
  }
  let sum = vec4<f32>(scanned[local].xyz, 0.0);
  let begunBefore = linkStarts[node] < tile * GROUP;
  let goesOn = listEnd > tileEnd;
  if (begunBefore) {
    tilePieces[2u * tile] = sum;
  } else if (goesOn) {
    tilePieces[2u * tile + 1u] = sum;
  } else {
    springSums[node] = sum;
  }
}

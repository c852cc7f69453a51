// Force layout, pass 2: the finest level of the cell pyramid. clearHeads empties every cell's list,
// insertNodes puts each node at the head of its cell's list, cellMasses sums each cell's mass and
// mass-weighted position (xyz: sum of mass * position, w: mass).

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> positions: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> masses: array<f32>;
@group(0) @binding(3) var<storage, read> frame: vec4<f32>;
@group(0) @binding(4) var<storage, read_write> heads: array<atomic<i32>>;
@group(0) @binding(5) var<storage, read_write> nextInCell: array<i32>;
@group(0) @binding(6) var<storage, read_write> cells: array<vec4<f32>>;

fn side() -> u32 {
  return 1u << params.depth;
}

/** Index of level l's first cell: the levels above it hold 1 + 8 + ... + 8^(l-1) cells. */
fn levelStart(level: u32) -> u32 {
  return ((1u << (3u * level)) - 1u) / 7u;
}

@compute @workgroup_size(256)
fn clearHeads(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let cell = id.x + id.y * groups.x * 256u;
  let g = side();
  if (cell < g * g * g) {
    atomicStore(&heads[cell], -1);
  }
}

@compute @workgroup_size(256)
fn insertNodes(@builtin(global_invocation_id) id: vec3<u32>) {
  let node = id.x;
  if (node >= params.nodeCount) {
    return;
  }
  let g = side();
  let cellSide = frame.w / f32(g);
  let at = clamp(vec3<i32>(floor((positions[node].xyz - frame.xyz) / cellSide)), vec3<i32>(0), vec3<i32>(i32(g) - 1));
  let cell = (u32(at.z) * g + u32(at.y)) * g + u32(at.x);
  nextInCell[node] = atomicExchange(&heads[cell], i32(node));
}

@compute @workgroup_size(256)
fn cellMasses(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let cell = id.x + id.y * groups.x * 256u;
  let g = side();
  if (cell >= g * g * g) {
    return;
  }
  var sum = vec4<f32>(0.0);
  var node = atomicLoad(&heads[cell]);
  loop {
    if (node < 0) {
      break;
    }
    let m = masses[node];
    sum += vec4<f32>(positions[node].xyz * m, m);
    node = nextInCell[node];
  }
  cells[levelStart(params.depth) + cell] = sum;
}

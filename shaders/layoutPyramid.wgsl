// Force layout, pass 3 (once per level, finest to coarsest): each cell of a level sums its eight
// children's mass and mass-weighted position, so that the root holds the whole graph.

struct Level {
  level: u32,
  pad0: u32,
  pad1: u32,
  pad2: u32,
}

@group(0) @binding(0) var<uniform> pyramidLevel: Level;
@group(0) @binding(1) var<storage, read_write> cells: array<vec4<f32>>;

fn levelStart(level: u32) -> u32 {
  return ((1u << (3u * level)) - 1u) / 7u;
}

@compute @workgroup_size(256)
fn sumChildren(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let cell = id.x + id.y * groups.x * 256u;
  let g = 1u << pyramidLevel.level;
  if (cell >= g * g * g) {
    return;
  }
  let x = cell % g;
  let y = (cell / g) % g;
  let z = cell / (g * g);
  let childSide = 2u * g;
  let childStart = levelStart(pyramidLevel.level + 1u);
  var sum = vec4<f32>(0.0);
  for (var k = 0u; k < 8u; k++) {
    let cx = 2u * x + (k & 1u);
    let cy = 2u * y + ((k >> 1u) & 1u);
    let cz = 2u * z + (k >> 2u);
    sum += cells[childStart + (cz * childSide + cy) * childSide + cx];
  }
  cells[levelStart(pyramidLevel.level) + cell] = sum;
}

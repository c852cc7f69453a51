// Force layout, pass 4: Barnes-Hut repulsion through the cell pyramid. Every pair pushes apart
// with strength m_i * m_j / d (ForceAtlas2's model, as the CLI's layout); a cell whose side is
// less than theta times its distance acts as one body at its centre of mass; the nodes of the
// finest cells that are too close for that are summed one by one.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> positions: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> masses: array<f32>;
@group(0) @binding(3) var<storage, read> frame: vec4<f32>;
@group(0) @binding(4) var<storage, read> heads: array<i32>;
@group(0) @binding(5) var<storage, read> nextInCell: array<i32>;
@group(0) @binding(6) var<storage, read> cells: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> forces: array<vec4<f32>>;
// Interactions counted per workgroup: node-node, node-cell (summed on the CPU: a total can pass 2^32).
@group(0) @binding(8) var<storage, read_write> counts: array<atomic<u32>>;

// 7 pending siblings per level below the root, at most 7 levels, plus the root.
const STACK_SIZE = 56u;

fn levelStart(level: u32) -> u32 {
  return ((1u << (3u * level)) - 1u) / 7u;
}

@compute @workgroup_size(256)
fn repel(@builtin(global_invocation_id) id: vec3<u32>, @builtin(workgroup_id) group: vec3<u32>) {
  let i = id.x;
  if (i >= params.nodeCount) {
    return;
  }
  var nodeNode = 0u;
  var nodeCell = 0u;
  let p = positions[i].xyz;
  let thetaSquared = params.theta * params.theta;
  var force = vec3<f32>(0.0);
  // A stack entry packs a cell as level (bits 21-23) and x, y, z (7 bits each).
  var stack: array<u32, STACK_SIZE>;
  var top = 1u;
  stack[0] = 0u;
  loop {
    if (top == 0u) {
      break;
    }
    top--;
    let entry = stack[top];
    let level = entry >> 21u;
    let x = entry & 127u;
    let y = (entry >> 7u) & 127u;
    let z = (entry >> 14u) & 127u;
    let g = 1u << level;
    let index = (z * g + y) * g + x;
    let cell = cells[levelStart(level) + index];
    if (cell.w == 0.0) {
      continue;
    }
    if (level == params.depth) {
      var j = heads[index];
      loop {
        if (j < 0) {
          break;
        }
        let body = u32(j);
        if (body != i) {
          var d = p - positions[body].xyz;
          var d2 = dot(d, d);
          if (d2 < 1.0e-6) {
            d = apart(i, body);
            d2 = dot(d, d);
          }
          force += d * (masses[body] / d2);
          nodeNode++;
        }
        j = nextInCell[body];
      }
      continue;
    }
    let d = p - cell.xyz / cell.w;
    let d2 = dot(d, d);
    let cellSide = frame.w / f32(g);
    if (cellSide * cellSide < thetaSquared * d2) {
      force += d * (cell.w / d2);
      nodeCell++;
      continue;
    }
    let child = (level + 1u) << 21u;
    for (var k = 0u; k < 8u; k++) {
      let cx = 2u * x + (k & 1u);
      let cy = 2u * y + ((k >> 1u) & 1u);
      let cz = 2u * z + (k >> 2u);
      stack[top] = child | (cz << 14u) | (cy << 7u) | cx;
      top++;
    }
  }
  forces[i] = vec4<f32>(force * (params.repulsion * masses[i]), 0.0);
  atomicAdd(&counts[2u * group.x], nodeNode);
  atomicAdd(&counts[2u * group.x + 1u], nodeCell);
}

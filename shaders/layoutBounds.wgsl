// Force layout, pass 1: the cube around every node, which the cell grid of this iteration divides.
// Two entry points: boundsPartial (min and max per workgroup), then boundsTotal (one workgroup).

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> positions: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> partials: array<vec4<f32>>;
// xyz: the cube's lowest corner, w: its side.
@group(0) @binding(3) var<storage, read_write> frame: vec4<f32>;

const GROUP = 256u;
var<workgroup> lowest: array<vec3<f32>, GROUP>;
var<workgroup> highest: array<vec3<f32>, GROUP>;

fn reduceGroup(local: u32) {
  for (var span = GROUP / 2u; span > 0u; span = span >> 1u) {
    if (local < span) {
      lowest[local] = min(lowest[local], lowest[local + span]);
      highest[local] = max(highest[local], highest[local + span]);
    }
    workgroupBarrier();
  }
}

@compute @workgroup_size(256)
fn boundsPartial(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) local: u32,
                 @builtin(workgroup_id) group: vec3<u32>) {
  var low = vec3<f32>(3.0e38);
  var high = vec3<f32>(-3.0e38);
  if (id.x < params.nodeCount) {
    low = positions[id.x].xyz;
    high = low;
  }
  lowest[local] = low;
  highest[local] = high;
  workgroupBarrier();
  reduceGroup(local);
  if (local == 0u) {
    partials[2u * group.x] = vec4<f32>(lowest[0], 0.0);
    partials[2u * group.x + 1u] = vec4<f32>(highest[0], 0.0);
  }
}

@compute @workgroup_size(256)
fn boundsTotal(@builtin(local_invocation_index) local: u32) {
  var low = vec3<f32>(3.0e38);
  var high = vec3<f32>(-3.0e38);
  for (var g = local; g < params.nodeGroups; g += GROUP) {
    low = min(low, partials[2u * g].xyz);
    high = max(high, partials[2u * g + 1u].xyz);
  }
  lowest[local] = low;
  highest[local] = high;
  workgroupBarrier();
  reduceGroup(local);
  if (local == 0u) {
    let extent = highest[0] - lowest[0];
    // A little larger than the nodes' extent, so that the farthest node falls inside the last cell.
    let side = max(max(max(extent.x, extent.y), extent.z) * 1.001, 1.0e-3);
    frame = vec4<f32>((lowest[0] + highest[0]) * 0.5 - vec3<f32>(side * 0.5), side);
  }
}

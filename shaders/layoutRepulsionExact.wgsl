// Force layout, pass 4 without approximation: every node against every other, a tile of 256
// nodes at a time through workgroup memory. O(n^2): the reference the Barnes-Hut pass is measured against.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> positions: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> masses: array<f32>;
@group(0) @binding(3) var<storage, read_write> forces: array<vec4<f32>>;

const GROUP = 256u;
var<workgroup> tile: array<vec4<f32>, GROUP>;

@compute @workgroup_size(256)
fn repelExact(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) local: u32) {
  let n = params.nodeCount;
  let i = id.x;
  let p = positions[min(i, n - 1u)].xyz;
  var force = vec3<f32>(0.0);
  for (var start = 0u; start < n; start += GROUP) {
    let j = start + local;
    if (j < n) {
      tile[local] = vec4<f32>(positions[j].xyz, masses[j]);
    } else {
      tile[local] = vec4<f32>(0.0);
    }
    workgroupBarrier();
    for (var k = 0u; k < GROUP; k++) {
      let body = start + k;
      if (body < n && body != i) {
        var d = p - tile[k].xyz;
        var d2 = dot(d, d);
        if (d2 < 1.0e-6) {
          d = apart(i, body);
          d2 = dot(d, d);
        }
        force += d * (tile[k].w / d2);
      }
    }
    workgroupBarrier();
  }
  if (i < n) {
    forces[i] = vec4<f32>(force * (params.repulsion * masses[i]), 0.0);
  }
}

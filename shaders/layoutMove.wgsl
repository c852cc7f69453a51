// Force layout, pass 6: every node moves the current step along its force (Yifan Hu's scheme:
// the step, not the force, sets how far).

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> positions: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> forces: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> schedule: Schedule;

@compute @workgroup_size(256)
fn moveNodes(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  if (i >= params.nodeCount) {
    return;
  }
  let force = forces[i].xyz;
  let squared = dot(force, force);
  if (squared > 0.0) {
    positions[i] = vec4<f32>(positions[i].xyz + force * (schedule.step / sqrt(squared)), 0.0);
  }
}

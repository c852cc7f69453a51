// Force layout, pass 5 (second half): see layoutSprings.wgsl.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> positions: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> masses: array<f32>;
@group(0) @binding(3) var<storage, read> linkStarts: array<u32>;
@group(0) @binding(4) var<storage, read> springSums: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read> tilePieces: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read_write> forces: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> energies: array<f32>;

const GROUP = 256u;
var<workgroup> energy: array<f32, GROUP>;

@compute @workgroup_size(256)
fn pull(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) local: u32,
        @builtin(workgroup_id) group: vec3<u32>) {
  let i = id.x;
  var squared = 0.0;
  if (i < params.nodeCount) {
    let p = positions[i].xyz;
    var force = forces[i].xyz;
    let start = linkStarts[i];
    let end = linkStarts[i + 1u];
    if (end > start) {
      let first = start / GROUP;
      let last = (end - 1u) / GROUP;
      if (first == last) {
        force += springSums[i].xyz;
      } else {
        force += tilePieces[2u * first + 1u].xyz;
        for (var tile = first + 1u; tile <= last; tile++) {
          force += tilePieces[2u * tile].xyz;
        }
      }
    }
    force -= p * (params.gravity * masses[i]);
    forces[i] = vec4<f32>(force, 0.0);
    squared = dot(force, force);
  }
  energy[local] = squared;
  workgroupBarrier();
  for (var span = GROUP / 2u; span > 0u; span = span >> 1u) {
    if (local < span) {
      energy[local] += energy[local + span];
    }
    workgroupBarrier();
  }
  if (local == 0u) {
    energies[group.x] = energy[0];
  }
}

// Force layout: the uniform parameters, the step schedule and the helpers the GPU layout's passes share.
// gpuForceEngine.ts puts this file in front of each pass's shader when it compiles it.

struct Params {
  nodeCount: u32,
  depth: u32,
  theta: f32,
  gravity: f32,
  repulsion: f32,
  nodeGroups: u32,
  // Entries of the adjacency lists (each link twice), which the springs take one invocation each.
  entryCount: u32,
  pad1: u32,
}

struct Schedule {
  step: f32,
  energy: f32,
  initialStep: f32,
  finalStep: f32,
  progress: u32,
  iteration: u32,
  iterations: u32,
  pad0: u32,
}

/** Pushes coincident nodes apart along a direction fixed by their ids, as the CLI's layout does. */
fn apart(i: u32, j: u32) -> vec3<f32> {
  var dx = f32((i * 7919u + j) % 13u) - 6.0;
  if (dx == 0.0) {
    dx = 1.0;
  }
  return vec3<f32>(dx, f32((i * 104729u + j) % 11u) - 5.0, f32((i + j * 31u) % 7u) - 3.0);
}

/** A workgroup's number in a dispatch that spreads its workgroups over two dimensions (more than 65535). */
fn linearGroup(group: vec3<u32>, groups: vec3<u32>) -> u32 {
  return group.y * groups.x + group.x;
}

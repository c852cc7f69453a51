// Force layout: the uniform parameters and the step schedule every pass of the GPU layout reads.
// gpuForceEngine.ts puts this file in front of each pass's shader when it compiles it.

struct Params {
  nodeCount: u32,
  depth: u32,
  theta: f32,
  gravity: f32,
  repulsion: f32,
  nodeGroups: u32,
  pad0: u32,
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

// Force layout, tree pass 1: the cube that this iteration's Morton codes divide, each node's code, and
// after the sort (layoutTreeSort.wgsl) every node's position and mass gathered in sorted order.
// robustCube: one workgroup sorts a sample of SAMPLE nodes per axis and takes the cube around the 1%
// and 99% quantiles, widened by CUBE_MARGIN of their extent on each side, so that a few far nodes
// do not stretch it. Nodes outside it form a far group: their codes have FAR_BIT set (so they sort
// after every node inside, into a subtree of their own, and do not widen the boxes of the bulk's
// tree nodes) and divide a cube FAR_SCALE times larger around the same centre.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> positions: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> masses: array<f32>;
// xyz: the cube's lowest corner, w: its side.
@group(0) @binding(3) var<storage, read_write> frame: vec4<f32>;
// The 48-bit code: x the low 32 bits, y the high 16.
@group(0) @binding(4) var<storage, read_write> keys: array<vec2<u32>>;
@group(0) @binding(5) var<storage, read_write> ids: array<u32>;
// xyz: position, w: mass, in Morton order.
@group(0) @binding(6) var<storage, read_write> bodies: array<vec4<f32>>;

const SAMPLE = 1024u;
const GROUP = 256u;
// Cells per axis of the Morton grid: 15 bits each (45 bits), the far group's bit above them.
const GRID = 32768.0;
const BITS = 15u;
const FAR_BIT = 13u;
const CUBE_MARGIN = 0.25;
const FAR_SCALE = 256.0;
var<workgroup> sample: array<vec4<f32>, SAMPLE>;

@compute @workgroup_size(256)
fn robustCube(@builtin(local_invocation_index) local: u32) {
  let n = params.nodeCount;
  for (var k = local; k < SAMPLE; k += GROUP) {
    sample[k] = positions[min(n - 1u, u32(f32(k) * f32(n) / f32(SAMPLE)))];
  }
  workgroupBarrier();
  // Bitonic sort of each axis on its own (the components are sorted independently).
  for (var size = 2u; size <= SAMPLE; size = size << 1u) {
    for (var stride = size >> 1u; stride > 0u; stride = stride >> 1u) {
      for (var k = local; k < SAMPLE; k += GROUP) {
        let other = k ^ stride;
        if (other > k) {
          let a = sample[k];
          let b = sample[other];
          let ascending = (k & size) == 0u;
          let low = min(a, b);
          let high = max(a, b);
          sample[k] = select(high, low, ascending);
          sample[other] = select(low, high, ascending);
        }
      }
      workgroupBarrier();
    }
  }
  if (local == 0u) {
    let low = sample[SAMPLE / 100u].xyz;
    let high = sample[SAMPLE - 1u - SAMPLE / 100u].xyz;
    let extent = high - low;
    let side = max(max(max(extent.x, extent.y), extent.z) * (1.0 + 2.0 * CUBE_MARGIN), 1.0e-3);
    frame = vec4<f32>((low + high) * 0.5 - vec3<f32>(side * 0.5), side);
  }
}

/** The bits of a 15-bit number spread to every third place (bit b to 3b + axis), low and high words. */
fn spread(value: u32, axis: u32) -> vec2<u32> {
  var code = vec2<u32>(0u);
  for (var b = 0u; b < BITS; b++) {
    let at = 3u * b + axis;
    let bit = (value >> b) & 1u;
    if (at < 32u) {
      code.x |= bit << at;
    } else {
      code.y |= bit << (at - 32u);
    }
  }
  return code;
}

@compute @workgroup_size(256)
fn mortonCodes(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  if (i >= params.nodeCount) {
    return;
  }
  var inCube = (positions[i].xyz - frame.xyz) / frame.w;
  var far = 0u;
  if (any(inCube < vec3<f32>(0.0)) || any(inCube >= vec3<f32>(1.0))) {
    inCube = (inCube - vec3<f32>(0.5)) / FAR_SCALE + vec3<f32>(0.5);
    far = 1u << FAR_BIT;
  }
  let cell = vec3<u32>(clamp(inCube * GRID, vec3<f32>(0.0), vec3<f32>(GRID - 1.0)));
  keys[i] = spread(cell.x, 0u) | spread(cell.y, 1u) | spread(cell.z, 2u) | vec2<u32>(0u, far);
  ids[i] = i;
}

@compute @workgroup_size(256)
fn gatherBodies(@builtin(global_invocation_id) id: vec3<u32>) {
  let t = id.x;
  if (t >= params.nodeCount) {
    return;
  }
  let i = ids[t];
  bodies[t] = vec4<f32>(positions[i].xyz, masses[i]);
}

// Force layout, tree pass 2: a stable radix sort of the Morton codes, 4 bits a pass, low bits
// first (SORT_PASSES passes over 48 bits; the keys ping-pong and end where they began).
// sortCount: each workgroup's digit counts; sortScan: where each digit of each workgroup starts
// (one workgroup); sortScatter: each key to its place, ranked among its workgroup's keys of the
// same digit by a count over the workgroup (one barrier, which software adapters run far faster
// than a scan's dozen).

struct SortPass {
  shift: u32,
  // 0: the code's low 32 bits (sorted first), 1: its high ones.
  word: u32,
  pad1: u32,
  pad2: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> sortPass: SortPass;
@group(0) @binding(2) var<storage, read> keysIn: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read> idsIn: array<u32>;
@group(0) @binding(4) var<storage, read_write> keysOut: array<vec2<u32>>;
@group(0) @binding(5) var<storage, read_write> idsOut: array<u32>;
// Digit d of workgroup g at d * nodeGroups + g: counts, then (after sortScan) where they start.
@group(0) @binding(6) var<storage, read_write> histogram: array<u32>;

const GROUP = 256u;
const DIGITS = 16u;
var<workgroup> digitCounts: array<atomic<u32>, DIGITS>;
var<workgroup> digits: array<u32, GROUP>;
var<workgroup> totals: array<u32, GROUP>;

fn digitOf(key: vec2<u32>) -> u32 {
  return (key[sortPass.word] >> sortPass.shift) & 15u;
}

@compute @workgroup_size(256)
fn sortCount(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) local: u32,
             @builtin(workgroup_id) group: vec3<u32>) {
  if (local < DIGITS) {
    atomicStore(&digitCounts[local], 0u);
  }
  workgroupBarrier();
  if (id.x < params.nodeCount) {
    atomicAdd(&digitCounts[digitOf(keysIn[id.x])], 1u);
  }
  workgroupBarrier();
  if (local < DIGITS) {
    histogram[local * params.nodeGroups + group.x] = atomicLoad(&digitCounts[local]);
  }
}

@compute @workgroup_size(256)
fn sortScan(@builtin(local_invocation_index) local: u32) {
  let length = DIGITS * params.nodeGroups;
  let share = (length + GROUP - 1u) / GROUP;
  let begin = min(length, local * share);
  let finish = min(length, begin + share);
  var sum = 0u;
  for (var k = begin; k < finish; k++) {
    sum += histogram[k];
  }
  totals[local] = sum;
  workgroupBarrier();
  for (var offset = 1u; offset < GROUP; offset = offset << 1u) {
    var before = 0u;
    if (local >= offset) {
      before = totals[local - offset];
    }
    workgroupBarrier();
    totals[local] += before;
    workgroupBarrier();
  }
  var start = totals[local] - sum;
  for (var k = begin; k < finish; k++) {
    let count = histogram[k];
    histogram[k] = start;
    start += count;
  }
}

@compute @workgroup_size(256)
fn sortScatter(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) local: u32,
               @builtin(workgroup_id) group: vec3<u32>) {
  let inside = id.x < params.nodeCount;
  var key = vec2<u32>(0u);
  var digit = DIGITS;
  if (inside) {
    key = keysIn[id.x];
    digit = digitOf(key);
  }
  digits[local] = digit;
  workgroupBarrier();
  if (!inside) {
    return;
  }
  var rank = 0u;
  for (var k = 0u; k < local; k++) {
    rank += select(0u, 1u, digits[k] == digit);
  }
  let slot = histogram[digit * params.nodeGroups + group.x] + rank;
  keysOut[slot] = key;
  idsOut[slot] = idsIn[id.x];
}

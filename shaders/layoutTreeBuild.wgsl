// Force layout, tree pass 3: a binary radix tree over the nodes in Morton order (Karras 2012), so
// that every tree node is a run of the order that shares a code prefix: a cell of the adaptive
// octree, split as deep as its nodes crowd. Internal nodes 0 .. n-2 (0 is the root); a child is an
// internal node or, with LEAF_CHILD set, a single node in sorted order. Equal codes (coincident
// nodes) are told apart by their place in the order, so no run of them is left unsplit.
// buildNodes: each internal node's run, split and children, their parents, its arrival counter
// cleared. sumNodes: from every node up, the second child to arrive sums its parent (mass, centre
// of mass, the box around its nodes' positions), so each tree node is summed once, bottom-up.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> keys: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read> bodies: array<vec4<f32>>;
// Per internal node: left child, right child, first and last node of its run.
@group(0) @binding(3) var<storage, read_write> treeNodes: array<vec4<u32>>;
// Parent of internal node k at k, of sorted node t at n - 1 + t.
@group(0) @binding(4) var<storage, read_write> parents: array<u32>;
@group(0) @binding(5) var<storage, read_write> arrivals: array<atomic<u32>>;
// Per internal node, 12 words (f32 bits, written and read as atomics so that a parent summed by
// another invocation sees them): centre of mass and mass, lowest corner, highest corner (w unused).
@group(0) @binding(6) var<storage, read_write> sums: array<atomic<u32>>;

/** Length of the code prefix that sorted nodes i and j share, their places telling equal codes apart; -1 outside. */
fn prefix(i: i32, j: i32) -> i32 {
  let n = i32(params.nodeCount);
  if (j < 0 || j >= n) {
    return -1;
  }
  let a = keys[i];
  let b = keys[j];
  if (a.y != b.y) {
    return i32(countLeadingZeros(a.y ^ b.y)) - 16;
  }
  if (a.x != b.x) {
    return 16 + i32(countLeadingZeros(a.x ^ b.x));
  }
  return 48 + i32(countLeadingZeros(u32(i) ^ u32(j)));
}

@compute @workgroup_size(256)
fn buildNodes(@builtin(global_invocation_id) id: vec3<u32>) {
  let n = params.nodeCount;
  if (id.x + 1u >= n) {
    return;
  }
  let i = i32(id.x);
  // Which way the run goes from i, and how far.
  let d = select(-1, 1, prefix(i, i + 1) > prefix(i, i - 1));
  let shortest = prefix(i, i - d);
  var reach = 2;
  while (prefix(i, i + reach * d) > shortest) {
    reach *= 2;
  }
  var length = 0;
  for (var t = reach / 2; t >= 1; t /= 2) {
    if (prefix(i, i + (length + t) * d) > shortest) {
      length += t;
    }
  }
  let j = i + length * d;
  // Where the run splits: the last place that shares more than the run's common prefix with i.
  let runPrefix = prefix(i, j);
  var split = 0;
  var step = length;
  loop {
    step = (step + 1) / 2;
    if (prefix(i, i + (split + step) * d) > runPrefix) {
      split += step;
    }
    if (step <= 1) {
      break;
    }
  }
  let gamma = u32(i + split * d + min(d, 0));
  let first = u32(min(i, j));
  let last = u32(max(i, j));
  var left = gamma;
  var right = gamma + 1u;
  if (first == gamma) {
    left = LEAF_CHILD | gamma;
    parents[n - 1u + gamma] = id.x;
  } else {
    parents[gamma] = id.x;
  }
  if (last == gamma + 1u) {
    right = LEAF_CHILD | (gamma + 1u);
    parents[n + gamma] = id.x;
  } else {
    parents[gamma + 1u] = id.x;
  }
  treeNodes[id.x] = vec4<u32>(left, right, first, last);
  atomicStore(&arrivals[id.x], 0u);
}

struct Summary {
  centre: vec4<f32>,
  low: vec3<f32>,
  high: vec3<f32>,
}

fn summaryOf(child: u32) -> Summary {
  if ((child & LEAF_CHILD) != 0u) {
    let body = bodies[child & ~LEAF_CHILD];
    return Summary(body, body.xyz, body.xyz);
  }
  var words: array<f32, 12>;
  for (var k = 0u; k < 12u; k++) {
    words[k] = bitcast<f32>(atomicLoad(&sums[12u * child + k]));
  }
  return Summary(vec4<f32>(words[0], words[1], words[2], words[3]), vec3<f32>(words[4], words[5], words[6]),
                 vec3<f32>(words[8], words[9], words[10]));
}

fn store(node: u32, summary: Summary) {
  let words = array<f32, 12>(summary.centre.x, summary.centre.y, summary.centre.z, summary.centre.w,
                             summary.low.x, summary.low.y, summary.low.z, 0.0,
                             summary.high.x, summary.high.y, summary.high.z, 0.0);
  for (var k = 0u; k < 12u; k++) {
    atomicStore(&sums[12u * node + k], bitcast<u32>(words[k]));
  }
}

@compute @workgroup_size(256)
fn sumNodes(@builtin(global_invocation_id) id: vec3<u32>) {
  let n = params.nodeCount;
  if (id.x >= n || n < 2u) {
    return;
  }
  var node = parents[n - 1u + id.x];
  loop {
    // The first child to arrive leaves; the second finds the other one summed.
    if (atomicAdd(&arrivals[node], 1u) == 0u) {
      return;
    }
    let children = treeNodes[node];
    let a = summaryOf(children.x);
    let b = summaryOf(children.y);
    let mass = a.centre.w + b.centre.w;
    var centre = 0.5 * (a.centre.xyz + b.centre.xyz);
    if (mass > 0.0) {
      centre = (a.centre.xyz * a.centre.w + b.centre.xyz * b.centre.w) / mass;
    }
    store(node, Summary(vec4<f32>(centre, mass), min(a.low, b.low), max(a.high, b.high)));
    if (node == 0u) {
      return;
    }
    node = parents[node];
  }
}

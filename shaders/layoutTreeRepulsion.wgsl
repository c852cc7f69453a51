// Force layout, tree pass 4: Barnes-Hut repulsion by a walk of the radix tree (layoutTreeBuild.wgsl).
// Every pair pushes apart with strength m_i * m_j / d (ForceAtlas2's model, as the CLI's layout); a
// tree node farther than its box's longest side over theta (the CLI's opening rule) plus its centre
// of mass's offset from the box's centre acts as one body at its centre of mass; one of at most
// LEAF_SIZE nodes that is too close is summed node by node. Invocations take the nodes in Morton
// order, so those of a workgroup are neighbours in space and walk nearly the same tree nodes.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> bodies: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> ids: array<u32>;
@group(0) @binding(3) var<storage, read> treeNodes: array<vec4<u32>>;
// Per internal node: centre of mass and mass, lowest corner, highest corner.
@group(0) @binding(4) var<storage, read> sums: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> forces: array<vec4<f32>>;
// Interactions counted per workgroup: node-node, node-cell (summed on the CPU: a total can pass 2^32).
@group(0) @binding(6) var<storage, read_write> counts: array<atomic<u32>>;

// Deeper than any radix tree over 48-bit codes and 2^32 nodes can be (a path pushes one sibling a level).
const STACK_SIZE = 96u;

@compute @workgroup_size(256)
fn repelTree(@builtin(global_invocation_id) id: vec3<u32>, @builtin(workgroup_id) group: vec3<u32>) {
  let t = id.x;
  let n = params.nodeCount;
  if (t >= n) {
    return;
  }
  let own = bodies[t];
  let p = own.xyz;
  let i = ids[t];
  var force = vec3<f32>(0.0);
  var nodeNode = 0u;
  var nodeCell = 0u;
  var stack: array<u32, STACK_SIZE>;
  var top = 1u;
  stack[0] = 0u;
  loop {
    if (top == 0u) {
      break;
    }
    top--;
    let node = stack[top];
    var first = node & ~LEAF_CHILD;
    var last = first;
    if ((node & LEAF_CHILD) == 0u) {
      let centre = sums[3u * node];
      let low = sums[3u * node + 1u].xyz;
      let high = sums[3u * node + 2u].xyz;
      let d = p - centre.xyz;
      let d2 = dot(d, d);
      let extent = high - low;
      let side = max(max(extent.x, extent.y), extent.z);
      // The CLI's rule, side < theta * distance, made safe for a tight box whose mass sits to one
      // side (Barnes 1994): the distance must also exceed the centre of mass's offset from the
      // box's centre.
      let offset = length(centre.xyz - 0.5 * (low + high));
      let reach = side / params.theta + offset;
      if (d2 > reach * reach) {
        force += d * (centre.w / d2);
        nodeCell++;
        continue;
      }
      let children = treeNodes[node];
      if (children.w - children.z >= LEAF_SIZE) {
        stack[top] = children.y;
        stack[top + 1u] = children.x;
        top += 2u;
        continue;
      }
      first = children.z;
      last = children.w;
    }
    for (var j = first; j <= last; j++) {
      if (j == t) {
        continue;
      }
      let body = bodies[j];
      var d = p - body.xyz;
      var d2 = dot(d, d);
      if (d2 < 1.0e-9) {
        d = apart(i, ids[j]);
        d2 = dot(d, d);
      }
      force += d * (body.w / d2);
      nodeNode++;
    }
  }
  forces[i] = vec4<f32>(force * (params.repulsion * own.w), 0.0);
  atomicAdd(&counts[2u * group.x], nodeNode);
  atomicAdd(&counts[2u * group.x + 1u], nodeCell);
}

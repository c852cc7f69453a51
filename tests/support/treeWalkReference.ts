/**
 * The GPU tree's build and walk (shaders/layoutTree*.wgsl) in plain TypeScript, in float64: the
 * same 1-99% quantile cube and far group, Morton codes, Karras radix tree and opening rule, so that tests
 * and measurements can count its interactions at sizes SwiftShader is too slow for.
 */
const GRID = 32768;
const BITS = 15;
const FAR_SCALE = 256;
/** The cube reaches this share of the 1-99% quantiles' extent beyond them on each side (CUBE_MARGIN in layoutTreeCodes.wgsl). */
const CUBE_MARGIN = 0.25;

function quantileCube(positions: ArrayLike<number>, n: number): { low: number[]; side: number } {
  const sample = 1024;
  const low: number[] = [];
  const high: number[] = [];
  for (let a = 0; a < 3; a++) {
    const values = Float64Array.from({ length: sample }, (_, k) => positions[3 * Math.min(n - 1, Math.floor((k * n) / sample)) + a]).sort();
    low.push(values[Math.floor(sample / 100)]);
    high.push(values[sample - 1 - Math.floor(sample / 100)]);
  }
  const side = Math.max(1e-3, (1 + 2 * CUBE_MARGIN) * Math.max(high[0] - low[0], high[1] - low[1], high[2] - low[2]));
  return { low: low.map((l, a) => (l + high[a]) / 2 - side / 2), side };
}

/** The 46-bit code (exact in a double): 15 bits per axis interleaved, the far group's bit above them. */
function mortonCode(x: number, y: number, z: number): number {
  const far = [x, y, z].some((v) => v < 0 || v >= 1);
  if (far) [x, y, z] = [x, y, z].map((v) => (v - 0.5) / FAR_SCALE + 0.5);
  let code = far ? 2 ** 45 : 0;
  const q = [x, y, z].map((v) => Math.min(GRID - 1, Math.max(0, Math.floor(v * GRID))));
  for (let b = 0; b < BITS; b++) for (let a = 0; a < 3; a++) code += ((q[a] >> b) & 1) * 2 ** (3 * b + a);
  return code;
}

/** Leading zeros of a 48-bit number held in a double. */
function clz48(value: number): number {
  const high = Math.floor(value / 2 ** 32);
  return high ? Math.clz32(high) - 16 : 16 + Math.clz32(value >>> 0);
}

/** a XOR b for 48-bit numbers held in doubles. */
function xor48(a: number, b: number): number {
  return ((Math.floor(a / 2 ** 32) ^ Math.floor(b / 2 ** 32)) >>> 0) * 2 ** 32 + (((a >>> 0) ^ (b >>> 0)) >>> 0);
}

export interface ReferenceTree {
  order: Uint32Array;
  left: Int32Array;
  right: Int32Array;
  first: Uint32Array;
  last: Uint32Array;
}

/** Karras 2012 over the nodes sorted by Morton code; a child below 0 is sorted node -1 - child. */
export function buildReferenceTree(positions: ArrayLike<number>, n: number): ReferenceTree {
  const cube = quantileCube(positions, n);
  const codes = Array.from({ length: n }, (_, i) =>
    mortonCode((positions[3 * i] - cube.low[0]) / cube.side, (positions[3 * i + 1] - cube.low[1]) / cube.side, (positions[3 * i + 2] - cube.low[2]) / cube.side),
  );
  const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => (codes[a] < codes[b] ? -1 : codes[a] > codes[b] ? 1 : a - b));
  const sorted = Float64Array.from(order, (i) => codes[i]);
  const prefix = (i: number, j: number) => {
    if (j < 0 || j >= n) return -1;
    if (sorted[i] !== sorted[j]) return clz48(xor48(sorted[i], sorted[j]));
    return 48 + Math.clz32(i ^ j);
  };
  const left = new Int32Array(n - 1), right = new Int32Array(n - 1), first = new Uint32Array(n - 1), last = new Uint32Array(n - 1);
  for (let i = 0; i < n - 1; i++) {
    const d = prefix(i, i + 1) > prefix(i, i - 1) ? 1 : -1;
    const shortest = prefix(i, i - d);
    let reach = 2;
    while (prefix(i, i + reach * d) > shortest) reach *= 2;
    let length = 0;
    for (let t = reach / 2; t >= 1; t /= 2) if (prefix(i, i + (length + t) * d) > shortest) length += t;
    const j = i + length * d;
    const runPrefix = prefix(i, j);
    let split = 0;
    let step = length;
    do {
      step = Math.floor((step + 1) / 2);
      if (prefix(i, i + (split + step) * d) > runPrefix) split += step;
    } while (step > 1);
    const gamma = i + split * d + Math.min(d, 0);
    first[i] = Math.min(i, j);
    last[i] = Math.max(i, j);
    left[i] = first[i] === gamma ? -1 - gamma : gamma;
    right[i] = last[i] === gamma + 1 ? -2 - gamma : gamma + 1;
  }
  return { order, left, right, first, last };
}

/** Interactions per node of the walk with the GPU's opening rule and leaves of at most `leafSize`. */
export function referenceInteractions(positions: ArrayLike<number>, n: number, theta: number, leafSize: number, sampleEvery = 1): { nodeNode: number; nodeCell: number } {
  const tree = buildReferenceTree(positions, n);
  const { order, left, right, first, last } = tree;
  const centre = new Float64Array(3 * (n - 1)), low = new Float64Array(3 * (n - 1)).fill(Infinity), high = new Float64Array(3 * (n - 1)).fill(-Infinity);
  const mass = new Float64Array(n - 1);
  const sum = (node: number): void => {
    for (const child of [left[node], right[node]]) {
      let m = 1, c = [0, 0, 0], lo = [0, 0, 0], hi = [0, 0, 0];
      if (child < 0) {
        const i = order[-1 - child];
        c = lo = hi = [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]];
      } else {
        sum(child);
        m = mass[child];
        c = [0, 1, 2].map((a) => centre[3 * child + a]);
        lo = [0, 1, 2].map((a) => low[3 * child + a]);
        hi = [0, 1, 2].map((a) => high[3 * child + a]);
      }
      for (let a = 0; a < 3; a++) {
        centre[3 * node + a] += c[a] * m;
        low[3 * node + a] = Math.min(low[3 * node + a], lo[a]);
        high[3 * node + a] = Math.max(high[3 * node + a], hi[a]);
      }
      mass[node] += m;
    }
    for (let a = 0; a < 3; a++) centre[3 * node + a] /= mass[node];
  };
  sum(0);
  let nodeNode = 0, nodeCell = 0, walked = 0;
  const stack: number[] = [];
  for (let t = 0; t < n; t += sampleEvery) {
    walked++;
    const i = order[t];
    const p = [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]];
    stack.push(0);
    while (stack.length) {
      const node = stack.pop()!;
      if (node < 0) {
        if (-1 - node !== t) nodeNode++;
        continue;
      }
      const d2 = [0, 1, 2].reduce((s, a) => s + (p[a] - centre[3 * node + a]) ** 2, 0);
      const side = Math.max(...[0, 1, 2].map((a) => high[3 * node + a] - low[3 * node + a]));
      const offset = Math.hypot(...[0, 1, 2].map((a) => centre[3 * node + a] - (low[3 * node + a] + high[3 * node + a]) / 2));
      const reach = side / theta + offset;
      if (d2 > reach * reach) nodeCell++;
      else if (last[node] - first[node] >= leafSize) stack.push(right[node], left[node]);
      else nodeNode += last[node] - first[node] + 1 - (t >= first[node] && t <= last[node] ? 1 : 0);
    }
  }
  return { nodeNode: nodeNode / walked, nodeCell: nodeCell / walked };
}

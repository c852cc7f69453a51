const INF = 1e20;

/**
 * Squared Euclidean distance transform of one row or column in place (the lower envelope of
 * parabolas, Felzenszwalb and Huttenlocher 2012). `v`, `z` and `f` are scratch of length n, n+1, n.
 */
function transform1d(grid: Float64Array, offset: number, stride: number, n: number, v: Int32Array, z: Float64Array, f: Float64Array): void {
  for (let q = 0; q < n; q++) f[q] = grid[offset + q * stride];
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const d = q - v[k];
    grid[offset + q * stride] = d * d + f[v[k]];
  }
}

/**
 * Scratch reused from name to name, grown to the largest seen: a flight rasterises hundreds of names,
 * and fresh arrays for each (16 bytes a texel) were garbage the worker's heap grew by tens of MB
 * before V8 collected it.
 */
const scratch = { outside: new Float64Array(0), inside: new Float64Array(0), v: new Int32Array(0), z: new Float64Array(0), f: new Float64Array(0) };

function growScratch(size: number, n: number): void {
  if (scratch.outside.length < size) {
    scratch.outside = new Float64Array(size);
    scratch.inside = new Float64Array(size);
  }
  if (scratch.v.length < n) {
    scratch.v = new Int32Array(n);
    scratch.z = new Float64Array(n + 1);
    scratch.f = new Float64Array(n);
  }
}

function transform2d(grid: Float64Array, width: number, height: number): void {
  const { v, z, f } = scratch;
  for (let x = 0; x < width; x++) transform1d(grid, x, width, height, v, z, f);
  for (let y = 0; y < height; y++) transform1d(grid, y * width, 1, width, v, z, f);
}

/**
 * A signed distance field from glyph coverage (0..1 per pixel, as a canvas antialiases text):
 * 0.5 on the glyph's edge, rising to 1 `radius` pixels inside and falling to 0 `radius` outside.
 * Partly covered pixels place the edge inside the pixel, so the field keeps the antialiasing.
 */
export function distanceField(coverage: Float32Array, width: number, height: number, radius: number): Uint8Array {
  const size = width * height;
  growScratch(size, Math.max(width, height));
  const { outside, inside } = scratch;
  for (let i = 0; i < size; i++) {
    const a = coverage[i];
    if (a >= 1) {
      outside[i] = 0;
      inside[i] = INF;
    } else if (a <= 0) {
      outside[i] = INF;
      inside[i] = 0;
    } else {
      const o = Math.max(0, 0.5 - a), n = Math.max(0, a - 0.5);
      outside[i] = o * o;
      inside[i] = n * n;
    }
  }
  transform2d(outside, width, height);
  transform2d(inside, width, height);
  const field = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const signed = Math.sqrt(outside[i]) - Math.sqrt(inside[i]);
    field[i] = Math.max(0, Math.min(255, Math.round(255 * (0.5 - signed / (2 * radius)))));
  }
  return field;
}

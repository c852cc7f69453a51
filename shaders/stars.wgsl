// Stars for WebGPU. Mirrors stars.vert / stars.frag: the same size rule, the same sprite, texels
// with alpha under SPRITE_ALPHA_THRESHOLD discarded, the nearest star winning each pixel.
//
// WebGPU has no points above one pixel, and a rasteriser pays mostly per primitive for stars a
// few pixels wide (SwiftShader: setup and edge walking of every triangle), so stars are drawn two ways:
// - small stars (at most SPLAT_MAX_PX wide on screen) are splatted by two compute passes: the
//   first keeps the nearest depth per pixel (atomicMax of the inverted depth bits), the second
//   writes the colour of the star that won; a full-screen pass then writes colour and depth;
// - bigger stars, which the first pass lists, are one triangle each that encloses the part of the
//   square a GL point of the same size keeps (vertex pulling from storage buffers, three vertices
//   per star, drawn indirectly).
// Both compute the sprite coordinate from the pixel centre exactly as gl_PointCoord is.
//
// When more stars are in view than the canvas has pixels, the depth pass runs in stages, nearest
// cells first. Before each later stage reduceTiles keeps the farthest splatted depth of every
// TILE_PIXELS x TILE_PIXELS pixels, and cullRuns empties each run of the stage whose cell (grown by the largest
// star's radius) projects only onto tiles nearer than the cell's nearest depth: none of its stars,
// small or big, could win a pixel. The CPU computes each run's tiles and nearest depth
// (webgpu/cellTests.ts).

struct Uniforms {
  viewProjection: mat4x4f,
  cameraPosition: vec3f,
  maxPointSize: f32,
  viewport: vec2f,
};

@group(0) @binding(0) var<uniform> u: Uniforms;
@group(0) @binding(1) var<storage, read> positions: array<f32>;
@group(0) @binding(2) var<storage, read> colors: array<u32>;
@group(0) @binding(3) var<storage, read> sizes: array<f32>;
// Compute passes: the stars in view as one run per workgroup, nearest cells first; the nearest
// inverted depth bits per pixel (0 = no star); the colour of the star that won each pixel; the big
// stars (indirect draw arguments in [0..3], then slots); the stars that won a pixel when they were
// splatted (indirect dispatch arguments in [0..2], count in [3], then slots).
@group(0) @binding(4) var<storage, read> runs: array<Run>;
@group(0) @binding(5) var<storage, read_write> depthKeys: array<atomic<u32>>;
@group(0) @binding(6) var<storage, read_write> splatColors: array<u32>;
@group(0) @binding(7) var<storage, read_write> bigOut: array<atomic<u32>>;
@group(0) @binding(11) var<storage, read_write> winnersOut: array<atomic<u32>>;
// Later passes read what earlier ones wrote.
@group(0) @binding(8) var<storage, read> bigIn: array<u32>;
@group(0) @binding(9) var<storage, read> depthKeysIn: array<u32>;
@group(0) @binding(10) var<storage, read> splatColorsIn: array<u32>;
@group(0) @binding(12) var<storage, read> winnersIn: array<u32>;
// The workgroups of this depth stage, and the farthest inverted depth bits per tile.
@group(0) @binding(13) var<uniform> stage: Stage;
@group(0) @binding(14) var<storage, read_write> tileKeysOut: array<u32>;
@group(0) @binding(15) var<storage, read> tileKeysIn: array<u32>;
@group(0) @binding(16) var<storage, read_write> runsOut: array<Run>;

struct Run {
  first: u32,
  count: u32,
  /** The tiles its stars can light: first and last tile, x in the low 16 bits, y in the high ones. */
  tileMin: u32,
  tileMax: u32,
  /** Inverted depth bits just nearer than any of its stars; 0 = not to be tested. */
  nearKey: u32,
};

struct Stage {
  /** The runs of this stage are runs[base..end). */
  base: u32,
  end: u32,
};

/** Stars up to this many pixels wide are splatted; WebGPU points (triangles) above. */
const SPLAT_MAX_PX = 8.0;
/** Where the big-star slots start in bigOut / bigIn, after the four indirect draw arguments. */
const BIG_LIST_START = 4u;
const WORKGROUP = 64u;
/**
 * Each invocation splats up to this many stars, WORKGROUP apart (neighbouring invocations take
 * neighbouring stars), so that a workgroup covers a whole small cell and tens of millions of
 * stars still fit in one row of 65535 workgroups.
 */
const STARS_PER_INVOCATION = 16u;
const STARS_PER_WORKGROUP = WORKGROUP * STARS_PER_INVOCATION;
/** Where the winners' slots start in winnersOut / winnersIn, after the dispatch arguments and the count. */
const WINNERS_START = 4u;

fn starPosition(star: u32) -> vec3f {
  return vec3f(positions[star * 3u], positions[star * 3u + 1u], positions[star * 3u + 2u]);
}

// docs/rules.md#renderer: point size scales with distance, by POINT_SIZE_FACTOR. At least two pixels, as in
// stars.vert: a smaller point can miss every pixel centre whose sprite alpha reaches the threshold. The distance to the camera
// is what length(eye.xyz) is in stars.vert.
fn starSizePx(star: u32, position: vec3f) -> f32 {
  return clamp(sizes[star] * (POINT_SIZE_FACTOR / distance(position, u.cameraPosition)), 2.0, u.maxPointSize);
}

// The star sprite at an offset from the point's centre in units of half its size (coord * 2 - 1):
// a bright disc that fades towards its rim. Texels with alpha under 0.5 are discarded, which for
// any colour alpha means every offset beyond 0.75: that test needs no square root.
fn starSprite(offset: vec2f) -> vec4f {
  let r2 = dot(offset, offset);
  return vec4f(vec3f(1.0 - 0.35 * r2), clamp(2.0 * (1.0 - sqrt(r2)), 0.0, 1.0));
}

/** The texel a star leaves at a pixel centre, alpha under SPRITE_ALPHA_THRESHOLD when it leaves none. */
fn starTexel(color: vec4f, pixelCentre: vec2f, centerPx: vec2f, twoOverSize: f32) -> vec4f {
  let offset = (pixelCentre - centerPx) * twoOverSize;
  if (dot(offset, offset) > 0.5625) {
    return vec4f(0.0);
  }
  return color * starSprite(offset);
}

fn toPixels(clip: vec4f) -> vec2f {
  let ndc = clip.xy / clip.w;
  return vec2f((ndc.x + 1.0) * 0.5 * u.viewport.x, (1.0 - ndc.y) * 0.5 * u.viewport.y);
}

// ---- Big stars: one triangle each. ----

struct VertexOut {
  @builtin(position) clip: vec4f,
  @location(0) @interpolate(flat) color: vec4f,
  @location(1) @interpolate(flat) centerPx: vec2f,
  @location(2) @interpolate(flat) twoOverSize: f32,
};

// Corners in units of half the point size: the equilateral triangle around the disc of radius
// 0.76, just more than the 0.75 beyond which the sprite's alpha is under 0.5 and the texel is
// discarded, so it covers every pixel a GL point keeps while shading far fewer than the square.
const corners = array<vec2f, 3>(vec2f(0.0, 1.52), vec2f(-1.3164, -0.76), vec2f(1.3164, -0.76));

@vertex
fn vs(@builtin(vertex_index) vertex: u32) -> VertexOut {
  // The splat pass listed the slots of the stars too big to splat.
  let star = bigIn[BIG_LIST_START + vertex / 3u];
  let position = starPosition(star);
  let sizePx = starSizePx(star, position);
  let clip = u.viewProjection * vec4f(position, 1.0);
  var out: VertexOut;
  out.clip = vec4f(clip.xy + corners[vertex % 3u] * sizePx / u.viewport * clip.w, clip.zw);
  // Colours are RGBA8 bytes in memory: the lowest byte of the u32 is red.
  out.color = unpack4x8unorm(colors[star]);
  out.centerPx = toPixels(clip);
  out.twoOverSize = 2.0 / sizePx;
  return out;
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4f {
  // Same as gl_PointCoord * 2 - 1 for a GL point of this size and centre.
  let texel = starTexel(in.color, in.clip.xy, in.centerPx, in.twoOverSize);
  if (texel.a < SPRITE_ALPHA_THRESHOLD) {
    discard;
  }
  return vec4f(texel.rgb, 1.0);
}

// ---- Small stars: splatted. ----

struct Splat {
  key: u32,
  color: vec4f,
  centerPx: vec2f,
  twoOverSize: f32,
  /** Pixel rectangle holding every centre the star can light, empty when none or not to splat. */
  first: vec2i,
  last: vec2i,
  big: bool,
};

fn splatOf(star: u32) -> Splat {
  var s: Splat;
  s.first = vec2i(0);
  s.last = vec2i(-1);
  s.big = false;
  let position = starPosition(star);
  let clip = u.viewProjection * vec4f(position, 1.0);
  // The rasteriser drops a point whose centre is before the near plane or beyond the far one.
  if (clip.w <= 0.0 || clip.z < 0.0 || clip.z > clip.w) {
    return s;
  }
  let sizePx = starSizePx(star, position);
  if (sizePx > SPLAT_MAX_PX) {
    s.big = true;
    return s;
  }
  s.color = unpack4x8unorm(colors[star]);
  let invW = 1.0 / clip.w;
  s.centerPx = vec2f((clip.x * invW + 1.0) * 0.5 * u.viewport.x, (1.0 - clip.y * invW) * 0.5 * u.viewport.y);
  s.twoOverSize = 2.0 / sizePx;
  s.key = ~bitcast<u32>(clip.z * invW);
  let r = 0.375 * sizePx;
  s.first = max(vec2i(ceil(s.centerPx - r - 0.5)), vec2i(0));
  s.last = min(vec2i(floor(s.centerPx + r - 0.5)), vec2i(u.viewport) - 1);
  return s;
}

/** Does the star light the pixel at p (its texel there reaches SPRITE_ALPHA_THRESHOLD, as starTexel's)? */
fn lights(s: Splat, p: vec2i) -> bool {
  let offset = (vec2f(p) + 0.5 - s.centerPx) * s.twoOverSize;
  let r2 = dot(offset, offset);
  // Within 0.75 the sprite's alpha is at least 0.5, so an opaque colour needs no square root.
  return r2 <= 0.5625 && (s.color.a >= 1.0 || s.color.a * clamp(2.0 * (1.0 - sqrt(r2)), 0.0, 1.0) >= SPRITE_ALPHA_THRESHOLD);
}

// Keeps the nearest star per pixel. A star that was the nearest of its pixel when it was splatted
// is listed for splatColor, which so visits only those: with the cells in view taken nearest
// first, most stars behind others are never listed.
@compute @workgroup_size(64)
fn splatDepth(@builtin(workgroup_id) group: vec3u, @builtin(num_workgroups) groups: vec3u, @builtin(local_invocation_index) lane: u32) {
  let index = stage.base + group.y * groups.x + group.x;
  if (index >= stage.end) {
    return;
  }
  let run = runs[index];
  let width = i32(u.viewport.x);
  for (var k = 0u; k < STARS_PER_INVOCATION; k++) {
    let j = lane + k * WORKGROUP;
    if (j >= run.count) {
      break;
    }
    let star = run.first + j;
    let s = splatOf(star);
    if (s.big) {
      let n = atomicAdd(&bigOut[0], 3u) / 3u;
      atomicStore(&bigOut[BIG_LIST_START + n], star);
      continue;
    }
    var won = false;
    for (var y = s.first.y; y <= s.last.y; y++) {
      for (var x = s.first.x; x <= s.last.x; x++) {
        if (lights(s, vec2i(x, y)) && atomicMax(&depthKeys[y * width + x], s.key) < s.key) {
          won = true;
        }
      }
    }
    if (won) {
      let n = atomicAdd(&winnersOut[3], 1u);
      if (n % STARS_PER_WORKGROUP == 0u) {
        atomicAdd(&winnersOut[0], 1u);
      }
      atomicStore(&winnersOut[WINNERS_START + n], star);
    }
  }
}

fn tilesAcross() -> u32 {
  return (u32(u.viewport.x) + TILE_PIXELS - 1u) / TILE_PIXELS;
}

// Before a later stage: empties every run of the stage whose tiles are all already nearer than
// its nearest star. A pass of its own, one run per invocation, because a workgroup barrier in
// splatDepth makes every one of its workgroups slower on SwiftShader.
@compute @workgroup_size(64)
fn cullRuns(@builtin(global_invocation_id) id: vec3u) {
  let index = stage.base + id.x;
  if (index >= stage.end) {
    return;
  }
  let run = runsOut[index];
  if (run.nearKey == 0u) {
    return;
  }
  let first = vec2u(run.tileMin & 0xffffu, run.tileMin >> 16u);
  let last = vec2u(run.tileMax & 0xffffu, run.tileMax >> 16u);
  let stride = tilesAcross();
  for (var y = first.y; y <= last.y; y++) {
    for (var x = first.x; x <= last.x; x++) {
      if (tileKeysIn[y * stride + x] <= run.nearKey) {
        return;
      }
    }
  }
  runsOut[index].count = 0u;
}

// The farthest splatted depth (smallest key) of each tile, for the next stage's cullRuns.
@compute @workgroup_size(64)
fn reduceTiles(@builtin(global_invocation_id) id: vec3u) {
  let across = tilesAcross();
  let size = vec2u(u.viewport);
  if (id.x >= across * ((size.y + TILE_PIXELS - 1u) / TILE_PIXELS)) {
    return;
  }
  let first = vec2u(id.x % across, id.x / across) * TILE_PIXELS;
  let end = min(first + TILE_PIXELS, size);
  var farthest = 0xffffffffu;
  for (var y = first.y; y < end.y; y++) {
    for (var x = first.x; x < end.x; x++) {
      farthest = min(farthest, depthKeysIn[y * size.x + x]);
    }
  }
  tileKeysOut[id.x] = farthest;
}

// Writes the colour of every pixel's nearest star.
@compute @workgroup_size(64)
fn splatColor(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32) {
  let count = winnersIn[3];
  let width = i32(u.viewport.x);
  for (var k = 0u; k < STARS_PER_INVOCATION; k++) {
    let j = group.x * STARS_PER_WORKGROUP + lane + k * WORKGROUP;
    if (j >= count) {
      break;
    }
    let s = splatOf(winnersIn[WINNERS_START + j]);
    for (var y = s.first.y; y <= s.last.y; y++) {
      for (var x = s.first.x; x <= s.last.x; x++) {
        let pixel = y * width + x;
        if (depthKeysIn[pixel] == s.key) {
          let texel = starTexel(s.color, vec2f(f32(x), f32(y)) + 0.5, s.centerPx, s.twoOverSize);
          if (texel.a >= SPRITE_ALPHA_THRESHOLD) {
            splatColors[pixel] = pack4x8unorm(vec4f(texel.rgb, 1.0));
          }
        }
      }
    }
  }
}

struct ResolveOut {
  @location(0) color: vec4f,
  @builtin(frag_depth) depth: f32,
};

@vertex
fn vsResolve(@builtin(vertex_index) vertex: u32) -> @builtin(position) vec4f {
  let corner = vec2f(f32((vertex << 1u) & 2u), f32(vertex & 2u));
  return vec4f(corner * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fsResolve(@builtin(position) pixel: vec4f) -> ResolveOut {
  let index = u32(pixel.y) * u32(u.viewport.x) + u32(pixel.x);
  let key = depthKeysIn[index];
  if (key == 0u) {
    discard;
  }
  var out: ResolveOut;
  out.color = unpack4x8unorm(splatColorsIn[index]);
  out.depth = bitcast<f32>(~key);
  return out;
}

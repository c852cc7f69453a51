// Stars for WebGPU, the part of the passes that draw stars (big stars, depth splat, colour splat):
// where a star is, how wide it is on screen, its sprite, and the pixels a splatted star lights.

fn starPosition(star: u32) -> vec3f {
  return vec3f(positions[star * 3u], positions[star * 3u + 1u], positions[star * 3u + 2u]);
}

// docs/rules.md#renderer: point size scales with distance, by POINT_SIZE_FACTOR. At least two pixels, as in
// stars.vert: a smaller point can miss every pixel centre whose sprite alpha reaches the threshold.
// The footprint (docs/tiles.md#stand-in-stars) scales it after the floor: a stand-in star is wider, a star
// growing in (footprint under 1) smaller, and under a pixel not drawn (splatOf).
fn starSizePx(star: u32, position: vec3f) -> f32 {
  return min(max(sizes[star] * (POINT_SIZE_FACTOR / distance(position, u.cameraPosition)), 2.0) * footprints[star], u.maxPointSize);
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
  // A star under a pixel (footprint fading in) lights none: its rectangle emptied by a select, not
  // a third early return, which cost SwiftShader about a tenth of the splat passes' CPU time on
  // npm's whole view; an NVIDIA H200's splat pass reads the same either way (docs/decisions.md).
  s.last = select(s.last, vec2i(-1), sizePx < 1.0);
  return s;
}

/** Does the star light the pixel at p (its texel there reaches SPRITE_ALPHA_THRESHOLD, as starTexel's)? */
fn lights(s: Splat, p: vec2i) -> bool {
  let offset = (vec2f(p) + 0.5 - s.centerPx) * s.twoOverSize;
  let r2 = dot(offset, offset);
  // Within 0.75 the sprite's alpha is at least 0.5, so an opaque colour needs no square root.
  return r2 <= 0.5625 && (s.color.a >= 1.0 || s.color.a * clamp(2.0 * (1.0 - sqrt(r2)), 0.0, 1.0) >= SPRITE_ALPHA_THRESHOLD);
}

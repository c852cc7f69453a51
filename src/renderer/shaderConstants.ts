/**
 * The numbers the CPU and the GPU must agree on. The shaders never write them as literals: a WGSL
 * `const` header and GLSL `#define`s are generated from this table and put in front of every shader
 * when it is compiled (WebGPU's shader modules, WebGL2's createProgram), so changing a value here
 * changes both backends and the TypeScript that mirrors them. tests/unit/renderer/shaderConstants.test.ts
 * fails when a shader writes one of these values itself.
 */

/** A star of size s is s * POINT_SIZE_FACTOR / distance pixels wide (docs/rules.md#renderer). */
export const POINT_SIZE_FACTOR = 351;
/** Link colours derive from positions over this range: position / range + 0.5 per channel. */
export const LINK_COLOR_RANGE = 16000;
/** Links are blended additively at this opacity. */
export const LINK_OPACITY = 0.5;
/** Sprite texels with alpha under this are discarded (and a splatted star does not light the pixel). */
export const SPRITE_ALPHA_THRESHOLD = 0.5;
/**
 * Pixels per side of the depth tiles that crowded views test cells against (both backends): small
 * enough that a far cell spans few tiles, large enough that WebGL2 reads little back.
 */
export const TILE_PIXELS = 4;

/** Invocations per workgroup of WebGPU's star passes. */
export const WORKGROUP = 64;
/**
 * Each invocation of the splat passes takes up to this many stars, WORKGROUP apart (neighbouring
 * invocations take neighbouring stars), so that a workgroup covers a whole small cell and tens of
 * millions of stars still fit in one row of 65535 workgroups.
 */
export const STARS_PER_INVOCATION = 16;
/**
 * WebGPU's frame counters sit in front of the list of stars that won a pixel (winnersOut / winnersIn),
 * right after the depth keys in one buffer, so that the frame's clear of the depth keys resets them
 * too (splatDepth sets the ones): splatColor's dispatch arguments in [0..2], the count of
 * winners in [3], then the big stars' four indirect draw arguments from BIG_DRAW_ARGS; the winners'
 * slots from WINNERS_START. The big stars' slots (bigOut / bigIn) start at 0.
 */
export const BIG_DRAW_ARGS = 4;
export const WINNERS_START = 8;

export type ShaderConstantType = 'float' | 'uint';

export interface ShaderConstant {
  name: string;
  value: number;
  type: ShaderConstantType;
}

export const SHADER_CONSTANTS: readonly ShaderConstant[] = [
  { name: 'POINT_SIZE_FACTOR', value: POINT_SIZE_FACTOR, type: 'float' },
  { name: 'LINK_COLOR_RANGE', value: LINK_COLOR_RANGE, type: 'float' },
  { name: 'LINK_OPACITY', value: LINK_OPACITY, type: 'float' },
  { name: 'SPRITE_ALPHA_THRESHOLD', value: SPRITE_ALPHA_THRESHOLD, type: 'float' },
  { name: 'TILE_PIXELS', value: TILE_PIXELS, type: 'uint' },
  { name: 'WORKGROUP', value: WORKGROUP, type: 'uint' },
  { name: 'STARS_PER_INVOCATION', value: STARS_PER_INVOCATION, type: 'uint' },
  { name: 'BIG_DRAW_ARGS', value: BIG_DRAW_ARGS, type: 'uint' },
  { name: 'WINNERS_START', value: WINNERS_START, type: 'uint' },
];

/** A literal both languages read the same way: floats always with a point, unsigned ints with `u`. */
function literal({ name, value, type }: ShaderConstant): string {
  if (type === 'uint') {
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} = ${value} is not an unsigned integer`);
    return `${value}u`;
  }
  if (!Number.isFinite(value)) throw new Error(`${name} = ${value} is not a finite number`);
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

const WGSL_TYPES: Record<ShaderConstantType, string> = { float: 'f32', uint: 'u32' };

/** `const NAME: f32 = 351.0;` lines for WGSL. */
export function wgslConstantsHeader(constants: readonly ShaderConstant[] = SHADER_CONSTANTS): string {
  const lines = constants.map((c) => `const ${c.name}: ${WGSL_TYPES[c.type]} = ${literal(c)};`);
  return `// Generated from src/renderer/shaderConstants.ts.\n${lines.join('\n')}\n`;
}

/** `#define NAME 351.0` lines for GLSL ES 3.00. */
export function glslConstantsHeader(constants: readonly ShaderConstant[] = SHADER_CONSTANTS): string {
  const lines = constants.map((c) => `#define ${c.name} ${literal(c)}`);
  return `// Generated from src/renderer/shaderConstants.ts.\n${lines.join('\n')}\n`;
}

/** A WGSL source with the constants in front. */
export function withWgslConstants(source: string): string {
  return wgslConstantsHeader() + source;
}

/** A GLSL source with the constants right after its `#version` line, which must stay first. */
export function withGlslConstants(source: string): string {
  const match = /^\s*#version[^\n]*\n/.exec(source);
  if (!match) return glslConstantsHeader() + source;
  return match[0] + glslConstantsHeader() + source.slice(match[0].length);
}

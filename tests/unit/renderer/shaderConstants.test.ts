import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  glslConstantsHeader,
  SHADER_CONSTANTS,
  wgslConstantsHeader,
  withGlslConstants,
  withWgslConstants,
} from '../../../src/renderer/shaderConstants';

const shaderDir = path.resolve(import.meta.dirname, '../../../shaders');

/** The shader's code without its comments: prose may name a value, code must not. */
function code(file: string): string {
  return readFileSync(path.join(shaderDir, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '');
}

/**
 * Where each shared value is used, and how it would look written as a literal in shader code.
 * A shader that writes the value itself instead of the name drifts from the TypeScript side.
 */
const USES: Record<string, { files: string[]; literal: RegExp }> = {
  POINT_SIZE_FACTOR: { files: ['starsShape.wgsl', 'stars.vert'], literal: /\b351(\.0*)?\b/ },
  LINK_COLOR_RANGE: { files: ['links.wgsl', 'links.vert'], literal: /\b16000(\.0*)?\b/ },
  LINK_OPACITY: { files: ['links.wgsl', 'links.frag'], literal: /vec4f?\([^;]*,\s*0?\.50*\s*\)/ },
  SPRITE_ALPHA_THRESHOLD: { files: ['starsShape.wgsl', 'starsBig.wgsl', 'starsSplatColor.wgsl', 'stars.frag'], literal: /[<>]=?\s*0?\.50*\b(?!\s*\*)/ },
  TILE_PIXELS: { files: ['starsCommon.wgsl', 'starsTileReduction.wgsl'], literal: /\bTILE\b|[*/%]\s*4u\b/ },
  WORKGROUP: {
    files: ['starsCommon.wgsl', 'starsSplatDepth.wgsl', 'starsSplatColor.wgsl', 'starsTileReduction.wgsl', 'starsCulling.wgsl'],
    literal: /@workgroup_size\(\s*64|\b64u\b/,
  },
  STARS_PER_INVOCATION: { files: ['starsCommon.wgsl', 'starsSplatDepth.wgsl', 'starsSplatColor.wgsl'], literal: /\b16u\b/ },
  BIG_DRAW_ARGS: { files: ['starsSplatDepth.wgsl'], literal: /winnersOut\[\s*4u\s*\]/ },
  WINNERS_START: { files: ['starsSplatDepth.wgsl', 'starsSplatColor.wgsl'], literal: /\[\s*8u\s*\+/ },
};

/** Every shader the constants are put in front of (the GPU layout's own shaders are not). */
const ALL_SHADERS = readdirSync(shaderDir).filter((file) => !file.startsWith('layout'));

describe('shader constants shared by the CPU and the GPU', () => {
  it('lists every shared constant once, each with a known use', () => {
    const names = SHADER_CONSTANTS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.keys(USES).sort());
  });

  it.each(Object.entries(USES))('%s is used by name and never written as a literal', (name, use) => {
    for (const file of use.files) {
      const source = code(file);
      expect(source, `${file} should use ${name}`).toMatch(new RegExp(`\\b${name}\\b`));
      expect(source, `${file} writes ${name}'s value as a literal`).not.toMatch(use.literal);
    }
  });

  it('no shader declares a shared constant itself (the generated header does)', () => {
    for (const file of ALL_SHADERS) {
      const source = code(file);
      for (const { name } of SHADER_CONSTANTS) {
        expect(source, `${file} declares ${name}`).not.toMatch(new RegExp(`(const|#define)\\s+${name}\\b`));
      }
    }
  });

  it('the generated WGSL header declares every constant with the module value and type', () => {
    const header = wgslConstantsHeader();
    for (const { name, value, type } of SHADER_CONSTANTS) {
      const match = new RegExp(`^const ${name}: (f32|u32) = ([0-9.e+-]+)(u?);$`, 'm').exec(header);
      expect(match, `${name} in ${header}`).not.toBeNull();
      expect(match![1]).toBe(type === 'uint' ? 'u32' : 'f32');
      expect(Number(match![2])).toBe(value);
      expect(match![3]).toBe(type === 'uint' ? 'u' : '');
      if (type === 'float') expect(match![2]).toMatch(/[.e]/);
    }
  });

  it('the generated GLSL header defines every constant with the module value', () => {
    const header = glslConstantsHeader();
    for (const { name, value, type } of SHADER_CONSTANTS) {
      const match = new RegExp(`^#define ${name} ([0-9.e+-]+)(u?)$`, 'm').exec(header);
      expect(match, `${name} in ${header}`).not.toBeNull();
      expect(Number(match![1])).toBe(value);
      expect(match![2]).toBe(type === 'uint' ? 'u' : '');
      if (type === 'float') expect(match![1]).toMatch(/[.e]/);
    }
  });

  it('puts the GLSL header after #version, which must stay the first line', () => {
    for (const file of ['stars.vert', 'stars.frag', 'links.vert', 'links.frag', 'depthTiles.frag']) {
      const prepared = withGlslConstants(readFileSync(path.join(shaderDir, file), 'utf8'));
      const lines = prepared.split('\n');
      expect(lines[0]).toBe('#version 300 es');
      expect(prepared.indexOf('#define POINT_SIZE_FACTOR')).toBeGreaterThan(0);
      expect(prepared.indexOf('#define POINT_SIZE_FACTOR')).toBeLessThan(prepared.indexOf('void main'));
    }
  });

  it('puts the WGSL header before the first use', () => {
    const prepared = withWgslConstants(readFileSync(path.join(shaderDir, 'starsShape.wgsl'), 'utf8'));
    expect(prepared.indexOf('const POINT_SIZE_FACTOR')).toBeLessThan(prepared.indexOf('POINT_SIZE_FACTOR /'));
  });

  it('rejects values the shader languages would read differently', () => {
    expect(() => wgslConstantsHeader([{ name: 'X', value: 1.5, type: 'uint' }])).toThrow('not an unsigned integer');
    expect(wgslConstantsHeader([{ name: 'X', value: 2, type: 'float' }])).toContain('const X: f32 = 2.0;');
    expect(glslConstantsHeader([{ name: 'X', value: 1e-7, type: 'float' }])).toContain('#define X 1e-7');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAR_BINDINGS, STAR_PASSES, starBindingsHeader, starPassSource, type StarBindingName, type StarPassName } from '../../../src/renderer/webgpu/starPasses';

const shaderDir = path.resolve(import.meta.dirname, '../../../shaders');
const passes = Object.keys(STAR_PASSES) as StarPassName[];
const bindingNames = Object.keys(STAR_BINDINGS) as StarBindingName[];

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
}

/** A pass's code after the generated header, without comments. */
function codeOf(pass: StarPassName): string {
  const source = starPassSource(pass);
  const header = starBindingsHeader(pass);
  return withoutComments(source.slice(source.indexOf(header) + header.length));
}

/** The bindings of the table that code names (not as a field, `x.name`). */
function bindingsNamedIn(code: string): StarBindingName[] {
  return bindingNames.filter((name) => new RegExp(`(?<![.\\w])${name}\\b`).test(code));
}

/** What a pass names that it does not declare, and what it declares and never names. */
function mismatch(pass: StarPassName, code = codeOf(pass)) {
  const declared: readonly StarBindingName[] = STAR_PASSES[pass].bindings;
  const used = bindingsNamedIn(code);
  return { undeclared: used.filter((name) => !declared.includes(name)), unused: declared.filter((name) => !used.includes(name)) };
}

describe("the star passes' bindings, declared once in starPasses.ts", () => {
  it('each pass declares exactly the bindings its code uses', () => {
    // An undeclared one does not compile; an unused one is left out of the 'auto' layout, and the bind group giving it fails.
    for (const pass of passes) expect(mismatch(pass), pass).toEqual({ undeclared: [], unused: [] });
  });

  it('no star shader writes a binding itself: the generated header declares them', () => {
    const starShaders = readdirSync(shaderDir).filter((file) => /^(stars.*|frameUniforms)\.wgsl$/.test(file));
    expect(starShaders.length).toBeGreaterThan(6);
    for (const file of starShaders) {
      expect(withoutComments(readFileSync(path.join(shaderDir, file), 'utf8')), file).not.toMatch(/@binding|@group/);
    }
  });

  it('gives every binding its own number, and each pass a module with one entry point or a vertex and fragment pair', () => {
    const numbers = Object.values(STAR_BINDINGS).map((b) => b.binding);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const pass of passes) {
      const entries = [...starPassSource(pass).matchAll(/@(compute|vertex|fragment)\b/g)].map((m) => m[1]);
      expect(entries.length, pass).toBeGreaterThan(0);
    }
  });

  it('the generated header declares each binding of a pass with its number, space and type', () => {
    const header = starBindingsHeader('culling');
    expect(header).toContain('@group(0) @binding(13) var<uniform> stage: Stage;');
    expect(header).toContain('@group(0) @binding(16) var<storage, read_write> spansOut: array<Span>;');
    expect(header).not.toContain('positions');
  });

  it('fails a pass that starts using a binding the table does not give it', () => {
    const code = codeOf('resolve') + '\nfn firstX() -> f32 { return positions[0]; }';
    expect(mismatch('resolve', code).undeclared).toEqual(['positions']);
  });
});

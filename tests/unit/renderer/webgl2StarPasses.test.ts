import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAR_ATTRIBUTES, STAR_UNIFORMS } from '../../../src/renderer/webgl2/starPasses';
import { filesUnder, repoRoot } from '../../support/sourceImports';

const vertexShader = readFileSync(path.join(repoRoot, 'shaders/stars.vert'), 'utf8');
const COMPONENTS: Record<string, number> = { float: 1, vec2: 2, vec3: 3, vec4: 4 };

describe("WebGL2's star program, set up once (src/renderer/webgl2/starPasses.ts)", () => {
  it("declares each attribute at the shader's location with the shader's number of components", () => {
    const declared = [...vertexShader.matchAll(/layout\(location = (\d+)\) in (\w+) (\w+);/g)].map(([, location, type, name]) => ({ name, location: Number(location), components: COMPONENTS[type] }));
    const table = Object.entries(STAR_ATTRIBUTES).map(([name, { location, components }]) => ({ name, location, components }));
    expect(table).toEqual(declared);
  });

  it("has the links shader read the stars' position and colour buffers at the stars' locations (webgl2/links.ts binds them so)", () => {
    const linksShader = readFileSync(path.join(repoRoot, 'shaders/links.vert'), 'utf8');
    const declared = [...linksShader.matchAll(/layout\(location = (\d+)\) in (\w+) (\w+);/g)].map(([, location, type]) => ({ location: Number(location), components: COMPONENTS[type] }));
    const { position, color } = STAR_ATTRIBUTES;
    expect(declared).toEqual([position, color].map(({ location, components }) => ({ location, components })));
  });

  it("names only uniforms the shader declares, and every one it declares", () => {
    const declared = [...vertexShader.matchAll(/uniform (?:highp )?\w+ (\w+);/g)].map(([, name]) => name).sort();
    expect(Object.values(STAR_UNIFORMS).sort()).toEqual(declared);
  });

  it('is the only code that reads the stars shaders or looks up their uniforms by name', () => {
    // uDepth is also the depth-tiles program's own (webgl2/depthTiles.ts).
    const uniformNames = Object.values(STAR_UNIFORMS)
      .filter((name) => name !== STAR_UNIFORMS.depth)
      .join('|');
    const elsewhere = filesUnder('src')
      .filter((file) => file !== 'src/renderer/webgl2/starPasses.ts')
      .filter((file) => {
        const text = readFileSync(path.join(repoRoot, file), 'utf8');
        return /shaders\/stars\.(vert|frag)/.test(text) || new RegExp(`['"](${uniformNames})['"]`).test(text);
      });
    expect(elsewhere).toEqual([]);
  });
});

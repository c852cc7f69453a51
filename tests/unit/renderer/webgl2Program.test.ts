import { describe, expect, it } from 'vitest';
import { createProgram } from '../../../src/renderer/webgl2/program';

/** A WebGL2 stand-in that compiles `bad` as failing and records each status asked for. */
function fakeGl(bad?: 'vertex' | 'fragment' | 'link') {
  const asked: string[] = [];
  const shaders: Array<{ type: number; deleted: boolean }> = [];
  const gl = {
    VERTEX_SHADER: 1,
    FRAGMENT_SHADER: 2,
    COMPILE_STATUS: 3,
    LINK_STATUS: 4,
    createProgram: () => ({}),
    createShader: (type: number) => {
      const shader = { type, deleted: false };
      shaders.push(shader);
      return shader;
    },
    shaderSource: () => {},
    compileShader: () => {},
    attachShader: () => {},
    linkProgram: () => {},
    deleteShader: (shader: { deleted: boolean }) => (shader.deleted = true),
    isContextLost: () => false,
    getShaderParameter: (shader: { type: number }) => {
      asked.push('compile');
      return !(bad === 'vertex' && shader.type === 1) && !(bad === 'fragment' && shader.type === 2);
    },
    getProgramParameter: () => {
      asked.push('link');
      return bad === undefined;
    },
    getShaderInfoLog: (shader: { type: number }) => {
      asked.push('log');
      return `${shader.type === 1 ? 'vertex' : 'fragment'}: syntax error`;
    },
    getProgramInfoLog: () => {
      asked.push('log');
      return 'varyings do not match';
    },
  };
  return { gl: gl as unknown as WebGL2RenderingContext, asked, shaders };
}

describe('a WebGL2 program', () => {
  it('waits for the GPU once: only the link status is asked for when all is well', () => {
    const { gl, asked, shaders } = fakeGl();
    createProgram(gl, 'void main() {}', 'void main() {}');
    expect(asked).toEqual(['link']);
    expect(shaders.every((shader) => shader.deleted)).toBe(true);
  });

  it("names the shader that did not compile, with the driver's log, or the link's log", () => {
    expect(() => createProgram(fakeGl('fragment').gl, '', '')).toThrow('Could not compile shader: fragment: syntax error');
    expect(() => createProgram(fakeGl('vertex').gl, '', '')).toThrow('Could not compile shader: vertex: syntax error');
    expect(() => createProgram(fakeGl('link').gl, '', '')).toThrow('Could not link shaders: varyings do not match');
  });
});

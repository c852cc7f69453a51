import { withGlslConstants } from '../shaderConstants';

/**
 * Compiles and links a GLSL ES 3.00 program, with the shared constants of shaderConstants.ts defined
 * in both stages, throwing the driver's log on failure.
 */
export function createProgram(gl: WebGL2RenderingContext, vertexSource: string, fragmentSource: string): WebGLProgram {
  const program = gl.createProgram();
  const shaders = [
    compile(gl, gl.VERTEX_SHADER, withGlslConstants(vertexSource)),
    compile(gl, gl.FRAGMENT_SHADER, withGlslConstants(fragmentSource)),
  ];
  for (const shader of shaders) gl.attachShader(program, shader);
  gl.linkProgram(program);
  for (const shader of shaders) gl.deleteShader(shader);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
    throw new Error(`Could not link shaders: ${gl.getProgramInfoLog(program) ?? ''}`);
  }
  return program;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('Could not create a shader');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
    throw new Error(`Could not compile shader: ${gl.getShaderInfoLog(shader) ?? ''}`);
  }
  return shader;
}

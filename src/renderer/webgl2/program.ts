import { withGlslConstants } from '../shaderConstants';

/**
 * Compiles and links a GLSL ES 3.00 program, with the shared constants of shaderConstants.ts defined
 * in both stages, throwing the driver's log on failure. Only the link status is read: each status
 * is a round trip that waits for the GPU process to finish compiling, and the shaders' own statuses
 * (read only when linking failed, to name the one at fault) made three such waits a program.
 */
export function createProgram(gl: WebGL2RenderingContext, vertexSource: string, fragmentSource: string): WebGLProgram {
  const program = gl.createProgram();
  const shaders = [compile(gl, gl.VERTEX_SHADER, withGlslConstants(vertexSource)), compile(gl, gl.FRAGMENT_SHADER, withGlslConstants(fragmentSource))];
  for (const shader of shaders) gl.attachShader(program, shader);
  gl.linkProgram(program);
  const failure = gl.getProgramParameter(program, gl.LINK_STATUS) || gl.isContextLost() ? undefined : linkFailure(gl, program, shaders);
  for (const shader of shaders) gl.deleteShader(shader);
  if (failure) throw new Error(failure);
  return program;
}

/** The driver's log of the shader that did not compile, else the program's. */
function linkFailure(gl: WebGL2RenderingContext, program: WebGLProgram, shaders: WebGLShader[]): string {
  const failed = shaders.find((shader) => !gl.getShaderParameter(shader, gl.COMPILE_STATUS));
  return failed ? `Could not compile shader: ${gl.getShaderInfoLog(failed) ?? ''}` : `Could not link shaders: ${gl.getProgramInfoLog(program) ?? ''}`;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('Could not create a shader');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  return shader;
}

import fragmentSource from '../../../shaders/stars.frag?raw';
import vertexSource from '../../../shaders/stars.vert?raw';
import type { CameraPose } from '../camera';
import { clearColorRgb } from '../clearColor';
import { firstStarsCamera, type FirstStars, type FirstStarsViewport } from '../firstStars';
import { maxPointSize } from './device';
import { createProgram } from './program';

/**
 * Draws `stars` once, white on the default background, through the stars shaders the renderer
 * uses (`shaders/stars.*`, same attributes and size clamp), so that the picture the renderer then
 * draws on the same context starts where this one left off. Returns what frees its GL objects.
 */
export function paintFirstStars(gl: WebGL2RenderingContext, stars: FirstStars, pose: CameraPose, viewport: FirstStarsViewport): () => void {
  const camera = firstStarsCamera(pose, viewport);
  const program = createProgram(gl, vertexSource, fragmentSource);
  const vertexArray = gl.createVertexArray();
  gl.bindVertexArray(vertexArray);
  const buffers = [
    attribute(gl, 0, stars.positions, 3, gl.FLOAT, false),
    attribute(gl, 1, new Uint8Array(stars.count * 4).fill(255), 4, gl.UNSIGNED_BYTE, true),
    attribute(gl, 2, stars.sizes, 1, gl.FLOAT, false),
  ];
  const [r, g, b] = clearColorRgb(undefined);
  gl.viewport(0, 0, viewport.width, viewport.height);
  gl.clearColor(r, g, b, 1);
  gl.enable(gl.DEPTH_TEST);
  gl.depthFunc(gl.LESS);
  gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
  gl.useProgram(program);
  gl.uniformMatrix4fv(gl.getUniformLocation(program, 'uViewProjection'), false, camera.viewProjection);
  gl.uniform3fv(gl.getUniformLocation(program, 'uCameraPosition'), camera.position);
  gl.uniform1f(gl.getUniformLocation(program, 'uMaxPointSize'), maxPointSize(gl));
  gl.drawArrays(gl.POINTS, 0, stars.count);
  gl.bindVertexArray(null);
  gl.useProgram(null);
  return () => {
    for (const buffer of buffers) gl.deleteBuffer(buffer);
    gl.deleteVertexArray(vertexArray);
    gl.deleteProgram(program);
  };
}

function attribute(gl: WebGL2RenderingContext, location: number, data: AllowSharedBufferSource, size: number, type: number, normalized: boolean): WebGLBuffer {
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
  gl.enableVertexAttribArray(location);
  gl.vertexAttribPointer(location, size, type, normalized, 0, 0);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  return buffer;
}

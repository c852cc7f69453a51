import type { CameraPose } from '../camera';
import { clearColorRgb } from '../clearColor';
import { firstStarsCamera, type FirstStars, type FirstStarsViewport } from '../firstStars';
import { maxPointSize } from './device';
import { bindStarAttribute, StarProgram, type StarAttribute } from './starPasses';

/**
 * Draws `stars` once, white on the default background, through the stars program the renderer
 * uses (StarProgram: the same shaders, attributes and size clamp), so that the picture the renderer then
 * draws on the same context starts where this one left off. Returns what frees its GL objects.
 */
export function paintFirstStars(gl: WebGL2RenderingContext, stars: FirstStars, pose: CameraPose, viewport: FirstStarsViewport): () => void {
  const camera = firstStarsCamera(pose, viewport);
  const program = new StarProgram(gl);
  const vertexArray = gl.createVertexArray();
  gl.bindVertexArray(vertexArray);
  const buffers = [
    starBuffer(gl, 'position', stars.positions),
    starBuffer(gl, 'color', new Uint8Array(stars.count * 4).fill(255)),
    starBuffer(gl, 'size', stars.sizes),
  ];
  const [r, g, b] = clearColorRgb(undefined);
  gl.viewport(0, 0, viewport.width, viewport.height);
  gl.clearColor(r, g, b, 1);
  gl.enable(gl.DEPTH_TEST);
  gl.depthFunc(gl.LESS);
  gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
  program.use(camera, maxPointSize(gl));
  gl.drawArrays(gl.POINTS, 0, stars.count);
  gl.bindVertexArray(null);
  gl.useProgram(null);
  return () => {
    for (const buffer of buffers) gl.deleteBuffer(buffer);
    gl.deleteVertexArray(vertexArray);
    program.dispose();
  };
}

function starBuffer(gl: WebGL2RenderingContext, attribute: StarAttribute, data: AllowSharedBufferSource): WebGLBuffer {
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
  bindStarAttribute(gl, attribute, buffer);
  return buffer;
}

import fragmentSource from '../../../shaders/stars.frag?raw';
import vertexSource from '../../../shaders/stars.vert?raw';
import type { Camera } from '../camera';
import { createProgram } from './program';

/**
 * The stars shaders' inputs (shaders/stars.vert), declared once, as WebGPU declares its passes'
 * bindings in starPasses.ts: each attribute's `layout(location = n)` and layout in its own vertex
 * buffer, and each uniform's name. The renderer's points and the entry's first stars both set the
 * program up here (tests/unit/renderer/webgl2StarPasses.test.ts holds the table to the shader).
 */
export const STAR_ATTRIBUTES = {
  position: { location: 0, components: 3, type: 'FLOAT', normalized: false },
  color: { location: 1, components: 4, type: 'UNSIGNED_BYTE', normalized: true },
  size: { location: 2, components: 1, type: 'FLOAT', normalized: false },
  footprint: { location: 3, components: 1, type: 'FLOAT', normalized: false },
} as const;

export type StarAttribute = keyof typeof STAR_ATTRIBUTES;

export const STAR_UNIFORMS = {
  viewProjection: 'uViewProjection',
  cameraPosition: 'uCameraPosition',
  maxPointSize: 'uMaxPointSize',
  /** Only in the program that culls hidden stars. */
  depth: 'uDepth',
} as const;

/** The camera a star frame is drawn from. */
export type StarCamera = Pick<Camera, 'viewProjection' | 'position'>;

/** The stars program, its variant that culls hidden stars in crowded views (CULL_OCCLUDED), and its uniforms' locations. */
export class StarProgram {
  private readonly viewProjection: WebGLUniformLocation | null;
  private readonly cameraPosition: WebGLUniformLocation | null;
  private readonly maxPointSize: WebGLUniformLocation | null;
  private readonly depth: WebGLUniformLocation | null;
  /** The point-size bound as set in the program (a program keeps its uniforms); NaN before the first use. */
  private maxPointSizeSet = NaN;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    { cullOccluded = false }: { cullOccluded?: boolean } = {},
  ) {
    this.program = createProgram(gl, cullOccluded ? vertexSource.replace('\n', '\n#define CULL_OCCLUDED\n') : vertexSource, fragmentSource);
    this.viewProjection = gl.getUniformLocation(this.program, STAR_UNIFORMS.viewProjection);
    this.cameraPosition = gl.getUniformLocation(this.program, STAR_UNIFORMS.cameraPosition);
    this.maxPointSize = gl.getUniformLocation(this.program, STAR_UNIFORMS.maxPointSize);
    this.depth = cullOccluded ? gl.getUniformLocation(this.program, STAR_UNIFORMS.depth) : null;
    // A vertex array without a footprint buffer (the entry's first stars) reads this constant: every star its own size.
    gl.vertexAttrib1f(STAR_ATTRIBUTES.footprint.location, 1);
  }

  readonly program: WebGLProgram;

  /** Makes it the current program, drawing from `camera` with points at most `maxPointSize` px. */
  use(camera: StarCamera, maxPointSize: number): void {
    const gl = this.gl;
    gl.useProgram(this.program);
    gl.uniformMatrix4fv(this.viewProjection, false, camera.viewProjection);
    gl.uniform3fv(this.cameraPosition, camera.position);
    if (maxPointSize !== this.maxPointSizeSet) {
      gl.uniform1f(this.maxPointSize, maxPointSize);
      this.maxPointSizeSet = maxPointSize;
    }
  }

  /** The culling variant reads the depth drawn so far from this texture unit. */
  useDepthUnit(unit: number): void {
    this.gl.uniform1i(this.depth, unit);
  }

  dispose(): void {
    this.gl.deleteProgram(this.program);
  }
}

/** Points the bound vertex array's input for `attribute` at `buffer` (its whole content, tightly packed). */
export function bindStarAttribute(gl: WebGL2RenderingContext, attribute: StarAttribute, buffer: WebGLBuffer): void {
  const { location, components, type, normalized } = STAR_ATTRIBUTES[attribute];
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.enableVertexAttribArray(location);
  gl.vertexAttribPointer(location, components, gl[type], normalized, 0, 0);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
}

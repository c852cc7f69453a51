import frameUniformsSource from '../../../shaders/frameUniforms.wgsl?raw';
import bigSource from '../../../shaders/starsBig.wgsl?raw';
import commonSource from '../../../shaders/starsCommon.wgsl?raw';
import cullingSource from '../../../shaders/starsCulling.wgsl?raw';
import resolveSource from '../../../shaders/starsResolve.wgsl?raw';
import shapeSource from '../../../shaders/starsShape.wgsl?raw';
import splatColorSource from '../../../shaders/starsSplatColor.wgsl?raw';
import splatDepthSource from '../../../shaders/starsSplatDepth.wgsl?raw';
import tileReductionSource from '../../../shaders/starsTileReduction.wgsl?raw';
import { withWgslConstants } from '../shaderConstants';
import { DEPTH_FORMAT } from './target';

/** How a pass sees a buffer: the WGSL address space and access, as written after `var`. */
type BindingSpace = 'uniform' | 'storage, read' | 'storage, read_write';

interface StarBinding {
  binding: number;
  space: BindingSpace;
  type: string;
  /** What the buffer holds, as the WGSL reader is told in the generated header. */
  holds: string;
}

/**
 * Every buffer a star pass binds, declared once: the WGSL `@group(0) @binding(n) var` lines of
 * each pass are generated from this table, and the bind groups of points.ts are built from it by
 * name. A buffer one pass writes and a later pass reads has a name for each side (`depthKeys`,
 * `depthKeysIn`), since WGSL types a buffer written with atomics differently.
 */
export const STAR_BINDINGS = {
  u: { binding: 0, space: 'uniform', type: 'Uniforms', holds: 'the frame (frameUniforms.wgsl)' },
  positions: { binding: 1, space: 'storage, read', type: 'array<f32>', holds: 'x, y, z per star slot' },
  colors: { binding: 2, space: 'storage, read', type: 'array<u32>', holds: 'RGBA8 per star slot' },
  sizes: { binding: 3, space: 'storage, read', type: 'array<f32>', holds: 'size per star slot' },
  spans: { binding: 4, space: 'storage, read', type: 'array<Span>', holds: 'the stars in view, one span (a workgroup\'s share of a run) per workgroup, nearest cells first' },
  depthKeys: { binding: 5, space: 'storage, read_write', type: 'array<atomic<u32>>', holds: 'nearest inverted depth bits per pixel (0 = no star)' },
  splatColors: { binding: 6, space: 'storage, read_write', type: 'array<u32>', holds: 'colour of the star that won each pixel' },
  bigOut: { binding: 7, space: 'storage, read_write', type: 'array<atomic<u32>>', holds: 'slots of the big stars (their draw arguments are among the counters in winnersOut)' },
  bigIn: { binding: 8, space: 'storage, read', type: 'array<u32>', holds: 'big stars, as bigOut wrote them' },
  depthKeysIn: { binding: 9, space: 'storage, read', type: 'array<u32>', holds: 'nearest inverted depth bits per pixel, as depthKeys wrote them' },
  splatColorsIn: { binding: 10, space: 'storage, read', type: 'array<u32>', holds: 'colour per pixel, as splatColors wrote them' },
  winnersOut: { binding: 11, space: 'storage, read_write', type: 'array<atomic<u32>>', holds: 'the frame counters (splatColor\'s dispatch arguments in [0..2], count of winners in [3], the big stars\' draw arguments from BIG_DRAW_ARGS), then the slots of the stars that won a pixel from WINNERS_START' },
  winnersIn: { binding: 12, space: 'storage, read', type: 'array<u32>', holds: 'stars that won a pixel, as winnersOut wrote them' },
  stage: { binding: 13, space: 'uniform', type: 'Stage', holds: 'the workgroups of this depth stage' },
  tileKeysOut: { binding: 14, space: 'storage, read_write', type: 'array<u32>', holds: 'farthest inverted depth bits per depth tile' },
  tileKeysIn: { binding: 15, space: 'storage, read', type: 'array<u32>', holds: 'farthest inverted depth bits per depth tile, as tileKeysOut wrote them' },
  footprints: { binding: 17, space: 'storage, read', type: 'array<f32>', holds: 'diameter factor per star slot after the two-pixel floor (docs/tiles.md#stand-in-stars)' },
  spansOut: { binding: 16, space: 'storage, read_write', type: 'array<Span>', holds: 'the spans, emptied where their cell is hidden' },
} as const satisfies Record<string, StarBinding>;

export type StarBindingName = keyof typeof STAR_BINDINGS;

interface StarPass {
  label: string;
  /** The pass's own file; starsCommon.wgsl and `parts` go in front of it. */
  source: string;
  parts: readonly string[];
  /** Exactly the bindings its entry points use: an 'auto' layout has no others, and a bind group must give all. */
  bindings: readonly StarBindingName[];
}

/** The star passes in the order a frame runs them; each is a shader module of its own. */
export const STAR_PASSES = {
  splatDepth: {
    label: 'splat depth',
    source: splatDepthSource,
    parts: [shapeSource],
    bindings: ['u', 'positions', 'colors', 'sizes', 'footprints', 'spans', 'depthKeys', 'bigOut', 'winnersOut', 'stage'],
  },
  tileReduction: { label: 'farthest depth per tile', source: tileReductionSource, parts: [], bindings: ['u', 'depthKeysIn', 'tileKeysOut'] },
  culling: { label: 'cull hidden spans', source: cullingSource, parts: [], bindings: ['u', 'stage', 'tileKeysIn', 'spansOut'] },
  splatColor: {
    label: 'splat colour',
    source: splatColorSource,
    parts: [shapeSource],
    bindings: ['u', 'positions', 'colors', 'sizes', 'footprints', 'depthKeysIn', 'splatColors', 'winnersIn'],
  },
  resolve: { label: 'splatted stars', source: resolveSource, parts: [], bindings: ['u', 'depthKeysIn', 'splatColorsIn'] },
  bigStars: { label: 'big stars', source: bigSource, parts: [shapeSource], bindings: ['u', 'positions', 'colors', 'sizes', 'footprints', 'bigIn'] },
} as const satisfies Record<string, StarPass>;

export type StarPassName = keyof typeof STAR_PASSES;
type BindingsOf<P extends StarPassName> = (typeof STAR_PASSES)[P]['bindings'][number];

/** The `@group(0) @binding(n) var` lines of a pass, each with what its buffer holds. */
export function starBindingsHeader(pass: StarPassName): string {
  const lines = STAR_PASSES[pass].bindings.map((name) => {
    const { binding, space, type, holds } = STAR_BINDINGS[name];
    return `// ${holds}\n@group(0) @binding(${binding}) var<${space}> ${name}: ${type};`;
  });
  return `// Generated from src/renderer/webgpu/starPasses.ts.\n${lines.join('\n')}\n`;
}

/** The whole WGSL of a pass: constants, frame uniforms, its bindings, the common part, its parts, its own file. */
export function starPassSource(pass: StarPassName): string {
  const { source, parts } = STAR_PASSES[pass];
  return withWgslConstants([frameUniformsSource, starBindingsHeader(pass), commonSource, ...parts, source].join('\n'));
}

export function starPassModule(device: GPUDevice, pass: StarPassName): GPUShaderModule {
  return device.createShaderModule({ label: STAR_PASSES[pass].label, code: starPassSource(pass) });
}

/** A bind group of a pass's pipeline ('auto' layout), given a buffer (or a range of one) for each of its bindings by name. */
export function starBindGroup<P extends StarPassName>(
  device: GPUDevice,
  pipeline: GPURenderPipeline | GPUComputePipeline,
  pass: P,
  buffers: Record<BindingsOf<P>, GPUBuffer | GPUBufferBinding>,
): GPUBindGroup {
  const given: Record<string, GPUBuffer | GPUBufferBinding> = buffers;
  return device.createBindGroup({
    label: STAR_PASSES[pass].label,
    layout: pipeline.getBindGroupLayout(0),
    entries: STAR_PASSES[pass].bindings.map((name) => {
      const buffer = given[name];
      return { binding: STAR_BINDINGS[name].binding, resource: 'buffer' in buffer ? buffer : { buffer } };
    }),
  });
}

/** The depth test of every star pipeline. */
export const STAR_DEPTH_STENCIL: GPUDepthStencilState = { format: DEPTH_FORMAT, depthWriteEnabled: true, depthCompare: 'less' };

const bigStarsPipelines = new WeakMap<GPUDevice, Map<GPUTextureFormat, GPURenderPipeline>>();

/**
 * The big stars' pipeline, one per device and canvas format: the entry's first stars
 * (firstStars.ts) make it while the root tile downloads, and the renderer on the same device then
 * takes it made instead of compiling it again.
 */
export function bigStarsPipeline(device: GPUDevice, format: GPUTextureFormat): GPURenderPipeline {
  let byFormat = bigStarsPipelines.get(device);
  if (!byFormat) bigStarsPipelines.set(device, (byFormat = new Map()));
  let pipeline = byFormat.get(format);
  if (!pipeline) {
    const module = starPassModule(device, 'bigStars');
    pipeline = device.createRenderPipeline({
      label: 'big stars',
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format }] },
      primitive: { topology: 'triangle-list' },
      depthStencil: STAR_DEPTH_STENCIL,
    });
    byFormat.set(format, pipeline);
  }
  return pipeline;
}

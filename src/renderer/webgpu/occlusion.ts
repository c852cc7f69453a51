import { STAGE_ENDS } from '../crowdedViews';
import { WORKGROUP } from '../shaderConstants';
import { WebGPUDepthTiles } from './depthTiles';
import { starBindGroup, starPassModule } from './starPasses';

/** Bytes between the stages' uniforms (base and end workgroup), the least uniform offset alignment. */
const STAGE_STRIDE = 256;
const STAGES = STAGE_ENDS.length + 1;

/**
 * Occlusion culling for views with more stars than pixels: the depth splat runs in stages, nearest
 * cells first (points.ts orders the spans), and before each stage after the first the farthest depth
 * per tile so far is reduced (depthTiles.ts) and every span of the stage whose cell is already hidden
 * there is emptied (shaders/starsCulling.wgsl, with each span's test from hiddenCells.ts). All on the
 * GPU, in the splat's compute pass.
 */
export class WebGPUOcclusion {
  private cullPipeline: GPUComputePipeline;
  private cullBindGroups: GPUBindGroup[] = [];
  private tiles: WebGPUDepthTiles;
  /** Per stage, at STAGE_STRIDE: its first workgroup and its end. */
  private stageBuffer: GPUBuffer;
  private stageData = new Uint32Array((STAGES * STAGE_STRIDE) / 4);

  constructor(private device: GPUDevice, private uniforms: GPUBuffer) {
    const module = starPassModule(device, 'culling');
    this.cullPipeline = device.createComputePipeline({ label: 'cull hidden spans', layout: 'auto', compute: { module, entryPoint: 'cullSpans' } });
    this.tiles = new WebGPUDepthTiles(device, uniforms);
    this.stageBuffer = device.createBuffer({ label: 'depth stages', size: this.stageData.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  }

  /** The tiles and the culling's bind groups for a canvas of this size, over these splat buffers. */
  resize(width: number, height: number, depthKeys: GPUBufferBinding, spans: GPUBuffer): void {
    const tileKeys = this.tiles.resize(width, height, depthKeys);
    this.cullBindGroups = Array.from({ length: STAGES }, (_, s) =>
      starBindGroup(this.device, this.cullPipeline, 'culling', { u: this.uniforms, stage: this.stageOf(s), tileKeysIn: tileKeys, spansOut: spans }),
    );
  }

  /** The uniform range holding stage `s`'s workgroups, for the depth splat's bind group. */
  stageOf(s: number): GPUBufferBinding {
    return { buffer: this.stageBuffer, offset: s * STAGE_STRIDE, size: 16 };
  }

  /** The first workgroup of each stage after the first, then the number of workgroups. */
  writeStages(stageEnds: readonly number[]): void {
    const { stageData } = this;
    // Written only when a stage moved: a flight over the same cells keeps them, frame after frame.
    let changed = stageEnds.length > this.stagesWritten;
    for (let s = 0, base = 0; s < stageEnds.length; base = stageEnds[s++]) {
      const at = (s * STAGE_STRIDE) / 4;
      if (stageData[at] === base && stageData[at + 1] === stageEnds[s]) continue;
      stageData[at] = base;
      stageData[at + 1] = stageEnds[s];
      changed = true;
    }
    if (!changed) return;
    this.device.queue.writeBuffer(this.stageBuffer, 0, stageData, 0, (stageEnds.length * STAGE_STRIDE) / 4);
    this.stagesWritten = Math.max(this.stagesWritten, stageEnds.length);
  }

  /** How many stages the buffer holds as stageData says (those written at least once). */
  private stagesWritten = 0;

  /** Before stage `s` (after the first) of `workgroups` spans: empties those whose cell is hidden so far. */
  cullBefore(pass: GPUComputePassEncoder, s: number, workgroups: number): void {
    this.tiles.reduce(pass);
    pass.setPipeline(this.cullPipeline);
    pass.setBindGroup(0, this.cullBindGroups[s]);
    pass.dispatchWorkgroups(Math.ceil(workgroups / WORKGROUP));
  }

  /** Drops the per-size buffers (new stars or a new size make them again). */
  release(): void {
    this.tiles.destroy();
    this.cullBindGroups = [];
  }

  dispose(): void {
    this.release();
    this.stageBuffer.destroy();
  }
}

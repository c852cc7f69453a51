/** What a compute pass's binding holds: its uniforms, storage it reads, or storage it writes. */
export type BindingKind = 'uniform' | 'read' | 'write';

export const GROUP = 256;
/** Most workgroups along one dimension of a dispatch (WebGPU's default limit). */
const MAX_GROUPS_PER_DIMENSION = 65_535;

export function groups(count: number): number {
  return Math.max(1, Math.ceil(count / GROUP));
}

/** `count` invocations in workgroups of GROUP, over two dimensions when one would pass the limit. */
export function dispatch(pass: GPUComputePassEncoder, count: number): void {
  const total = groups(count);
  if (total <= MAX_GROUPS_PER_DIMENSION) pass.dispatchWorkgroups(total);
  else pass.dispatchWorkgroups(MAX_GROUPS_PER_DIMENSION, Math.ceil(total / MAX_GROUPS_PER_DIMENSION));
}

export function bindGroupLayout(device: GPUDevice, kinds: BindingKind[]): GPUBindGroupLayout {
  return device.createBindGroupLayout({
    entries: kinds.map((kind, binding) => ({
      binding,
      visibility: GPUShaderStage.COMPUTE,
      buffer: { type: kind === 'uniform' ? 'uniform' : kind === 'read' ? 'read-only-storage' : 'storage' },
    })),
  });
}

export function bindGroup(device: GPUDevice, layout: GPUBindGroupLayout, buffers: GPUBuffer[]): GPUBindGroup {
  return device.createBindGroup({ layout, entries: buffers.map((buffer, binding) => ({ binding, resource: { buffer } })) });
}

/** One shader module and the entry points in it that become pipelines, all bound by one bind group layout named `name`. */
export interface PassSource {
  name: string;
  code: string;
  entryPoints: string[];
  kinds: BindingKind[];
}

/** Compiled passes: pipelines by entry point, bind group layouts by pass name. */
export interface CompiledPasses {
  pipelines: Record<string, GPUComputePipeline>;
  layouts: Record<string, GPUBindGroupLayout>;
}

/**
 * Compiles `passes` one pipeline at a time with createComputePipelineAsync, `signal` checked before
 * each: a compile is not held up by the page, and a caller that stopped waiting (a calibration past
 * its deadline) stops the compiles after the one under way. On SwiftShader a compile takes the GPU
 * process's main thread, and with it every frame of the page, for about a second.
 */
export async function compilePasses(device: GPUDevice, passes: PassSource[], signal?: AbortSignal): Promise<CompiledPasses> {
  const compiled: CompiledPasses = { pipelines: {}, layouts: {} };
  for (const { name, code, entryPoints, kinds } of passes) {
    signal?.throwIfAborted();
    const layout = bindGroupLayout(device, kinds);
    const module = device.createShaderModule({ label: `layout ${name}`, code });
    const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
    compiled.layouts[name] = layout;
    for (const entryPoint of entryPoints) {
      signal?.throwIfAborted();
      compiled.pipelines[entryPoint] = await device.createComputePipelineAsync({ label: `layout ${entryPoint}`, layout: pipelineLayout, compute: { module, entryPoint } });
    }
  }
  signal?.throwIfAborted();
  return compiled;
}

/** A storage buffer of at least `bytes` (rounded up to 16), for the layout's passes to share. */
export function storageBuffer(device: GPUDevice, label: string, bytes: number, usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC): GPUBuffer {
  return device.createBuffer({ label: `layout ${label}`, size: Math.max(16, Math.ceil(bytes / 16) * 16), usage });
}

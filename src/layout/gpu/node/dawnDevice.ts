/**
 * WebGPU in Node through Dawn (the `webgpu` npm package's dawn.node): the adapter the machine's
 * Vulkan driver offers, named, and refused when it is a software one (SwiftShader, llvmpipe) unless
 * asked for. The Vulkan loader is found through the process's environment as it started
 * (LD_LIBRARY_PATH, VK_ICD_FILENAMES): see README, "galaxy build --gpu".
 */
export interface DawnDevice {
  device: GPUDevice;
  /** The adapter the device came from, and Dawn's GPU object (what a browser's navigator.gpu is). */
  gpuAdapter: GPUAdapter;
  gpu: GPU;
  /** Vendor, architecture and description as the adapter gives them. */
  adapter: string;
  software: boolean;
  /** The device has `timestamp-query`. */
  timestamps: boolean;
}

/** No usable adapter: the reason, worded for the user. */
export class DawnUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DawnUnavailableError';
  }
}

const SOFTWARE_ADAPTER = /swiftshader|llvmpipe|lavapipe|software/i;

export function adapterName(info: GPUAdapterInfo): string {
  return [info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(' ') || 'unknown adapter';
}

export function isSoftwareAdapter(adapter: GPUAdapter): boolean {
  const info = adapter.info as GPUAdapterInfo & { isFallbackAdapter?: boolean };
  return Boolean(info.isFallbackAdapter) || SOFTWARE_ADAPTER.test(adapterName(info));
}

// Dawn's instance lives as long as the process: devices from it stay valid.
let instance: GPU | undefined;

async function dawnInstance(): Promise<GPU> {
  if (instance) return instance;
  let webgpu: { create(flags: string[]): GPU; globals: Record<string, unknown> };
  try {
    webgpu = (await import('webgpu')) as unknown as typeof webgpu;
  } catch (error) {
    throw new DawnUnavailableError(`the webgpu package (Dawn) did not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  // GPUBufferUsage and its kin, which the layout reads as globals, as in a browser.
  for (const [name, value] of Object.entries(webgpu.globals)) if (!(name in globalThis)) Object.assign(globalThis, { [name]: value });
  // allow_unsafe_apis: timestamp queries, which the bench reads per pass.
  instance = webgpu.create(['enable-dawn-features=allow_unsafe_apis']);
  return instance;
}

export async function openDawnDevice(options: { allowSoftware?: boolean } = {}): Promise<DawnDevice> {
  const gpu = await dawnInstance();
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) throw new DawnUnavailableError('Dawn found no WebGPU adapter (no Vulkan driver, or none that Dawn accepts)');
  const name = adapterName(adapter.info);
  const software = isSoftwareAdapter(adapter);
  if (software && !options.allowSoftware) {
    throw new DawnUnavailableError(`the only WebGPU adapter is a software one (${name}), slower than the CPU layout; --gpu-allow-software uses it anyway`);
  }
  const timestamps = adapter.features.has('timestamp-query');
  const device = await adapter.requestDevice({
    requiredFeatures: timestamps ? ['timestamp-query'] : [],
    requiredLimits: {
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
      maxStorageBuffersPerShaderStage: adapter.limits.maxStorageBuffersPerShaderStage,
      maxComputeWorkgroupsPerDimension: adapter.limits.maxComputeWorkgroupsPerDimension,
    },
  });
  return { device, gpuAdapter: adapter, gpu, adapter: name, software, timestamps };
}

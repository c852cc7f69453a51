/** The parts of `GPUAdapterInfo` that tell a software adapter from a GPU. */
export interface AdapterDescription {
  readonly isFallbackAdapter?: boolean;
  readonly vendor?: string;
  readonly architecture?: string;
  readonly device?: string;
  readonly description?: string;
}

/** Software rasterisers that Chromium, Firefox or Safari may hand out as a WebGPU adapter or a WebGL context. */
const SOFTWARE_RASTERISER = /swiftshader|llvmpipe|lavapipe|softpipe|microsoft basic render|\bwarp\b/i;

/**
 * Whether a WebGPU adapter runs on the CPU: `isFallbackAdapter` where the browser sets it (Chromium
 * does for SwiftShader), else its names (older browsers leave the flag out).
 */
export function isSoftwareAdapter(info: AdapterDescription): boolean {
  if (info.isFallbackAdapter) return true;
  return [info.vendor, info.architecture, info.device, info.description].some((name) => name !== undefined && SOFTWARE_RASTERISER.test(name));
}

/**
 * Whether a WebGL context runs on the CPU, from its renderer string (`WEBGL_debug_renderer_info`'s
 * UNMASKED_RENDERER_WEBGL, else RENDERER): Chromium says e.g. "ANGLE (Google, Vulkan 1.3.0
 * (SwiftShader Device (Subzero) ...), SwiftShader driver)", Mesa "llvmpipe (LLVM 15.0.6, 256 bits)",
 * others "Software Rasterizer".
 */
export function isSoftwareRendererName(renderer: string | undefined): boolean {
  if (!renderer) return false;
  return SOFTWARE_RASTERISER.test(renderer) || /\bsoftware\b/i.test(renderer);
}

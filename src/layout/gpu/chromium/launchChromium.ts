import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from '../../../browser/chromium';

const COMMON_FLAGS = ['--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** WebGPU on the machine's GPU through Vulkan. */
const HARDWARE_FLAGS = ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--ignore-gpu-blocklist'];
/** WebGPU on SwiftShader, Vulkan on the CPU: works everywhere, slowly. */
const SWIFTSHADER_FLAGS = ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

export type WebGpuBackend = 'hardware' | 'swiftshader';

/**
 * Headless Chromium with WebGPU for the GPU layout: the GPU when Chromium finds one, SwiftShader
 * (the CPU) otherwise or when `backend` asks for it.
 */
export async function launchWebGpuChromium(backend: WebGpuBackend): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...COMMON_FLAGS, ...(backend === 'hardware' ? HARDWARE_FLAGS : SWIFTSHADER_FLAGS)],
  });
}

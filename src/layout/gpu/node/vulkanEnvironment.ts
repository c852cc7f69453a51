import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Chromium's own Vulkan loader and SwiftShader (Vulkan on the CPU), where Debian's Chromium is installed. */
const CHROMIUM_DIR = '/usr/lib/chromium';
const SWIFTSHADER_ICD = path.join(CHROMIUM_DIR, 'vk_swiftshader_icd.json');
const SYSTEM_LOADERS = ['/usr/lib/x86_64-linux-gnu/libvulkan.so.1', '/usr/lib/aarch64-linux-gnu/libvulkan.so.1', '/usr/lib64/libvulkan.so.1', '/usr/lib/libvulkan.so.1'];
const SYSTEM_ICD_DIRS = ['/usr/share/vulkan/icd.d', '/etc/vulkan/icd.d', '/usr/local/share/vulkan/icd.d'];

function hasIcd(dir: string): boolean {
  try {
    return readdirSync(dir).some((file) => file.endsWith('.json'));
  } catch {
    return false;
  }
}

/**
 * The environment for a Node process that runs WebGPU through Dawn here (tests, the bench): as
 * given, plus Chromium's Vulkan loader when the system has none, and Chromium's SwiftShader when no
 * Vulkan driver is installed and none is named. The dynamic linker reads LD_LIBRARY_PATH when a
 * process starts, so this is for a child process, not the running one.
 */
export function vulkanEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  if (!SYSTEM_LOADERS.some((file) => existsSync(file)) && existsSync(path.join(CHROMIUM_DIR, 'libvulkan.so.1'))) {
    out.LD_LIBRARY_PATH = [CHROMIUM_DIR, env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  }
  if (!env.VK_ICD_FILENAMES && !env.VK_DRIVER_FILES && !SYSTEM_ICD_DIRS.some(hasIcd) && existsSync(SWIFTSHADER_ICD)) {
    out.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
  }
  return out;
}

/** An environment in which Dawn finds no Vulkan driver (tests of the fallback): the loader is pointed at none. */
export function withoutVulkanDriver(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = vulkanEnvironment(env);
  delete out.VK_DRIVER_FILES;
  out.VK_ICD_FILENAMES = '/nonexistent/no-vulkan-driver.json';
  return out;
}

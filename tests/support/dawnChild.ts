import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vulkanEnvironment } from '../../src/layout/gpu/node/vulkanEnvironment';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A Vulkan driver Dawn can use here: one installed, or Chromium's SwiftShader (src/layout/gpu/node/vulkanEnvironment.ts). */
export const haveVulkan =
  Boolean(process.env.VK_ICD_FILENAMES || process.env.VK_DRIVER_FILES) ||
  ['/usr/share/vulkan/icd.d', '/etc/vulkan/icd.d', '/usr/lib/chromium/vk_swiftshader_icd.json'].some((file) => existsSync(file));
export const vulkanMissingReason = "no Vulkan driver for Dawn: none installed and no Chromium's SwiftShader at /usr/lib/chromium";

/**
 * Runs `script` (a TypeScript file) in a Node process of its own with this machine's Vulkan
 * environment (Chromium's loader and SwiftShader here: the dynamic linker only reads them when a
 * process starts), hands it `request` as JSON in a file named by GALAXY_DAWN_REQUEST_FILE (an
 * environment variable would be too small for clouds of stars) and returns the JSON it prints last.
 */
export function runInDawn<T>(script: string, request: unknown, timeoutMs = 240_000): T {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'galaxy-dawn-'));
  const requestFile = path.join(folder, 'request.json');
  writeFileSync(requestFile, JSON.stringify(request));
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--import', './scripts/register-raw-text.mjs', script], {
    cwd: root,
    env: { ...vulkanEnvironment(process.env), GALAXY_DAWN_REQUEST_FILE: requestFile },
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
  });
  rmSync(folder, { recursive: true, force: true });
  if (result.error) throw result.error;
  const lines = result.stdout.trim().split('\n');
  if (result.status !== 0) throw new Error(`${script} failed (${result.status ?? result.signal}): ${result.stderr.slice(-2000)}`);
  return JSON.parse(lines[lines.length - 1]) as T;
}

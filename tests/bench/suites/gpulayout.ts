/**
 * The GPU layout measured in Node through Dawn, on whatever Vulkan adapter this machine has
 * (SwiftShader here, a real GPU where there is one): tests/bench/gpulayout/measureGpuLayout.ts in a
 * process of its own, started with this machine's Vulkan environment (the dynamic linker reads it
 * only as a process starts). Per generated and shared graph: interactions per star per iteration
 * for the tree and the cell pyramid, seconds per iteration and per pass, the CPU layout's force
 * pass on the same machine, and for BENCH_GPULAYOUT_CONVERGE both layouts to convergence with both
 * quality measures. Its environment variables (BENCH_GPULAYOUT_*) pick the sizes and graphs.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vulkanEnvironment } from '../../../src/layout/gpu/node/vulkanEnvironment';
import type { BenchSuite } from '../run';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const suite: BenchSuite = {
  name: 'gpulayout',
  run() {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--import', './scripts/register-raw-text.mjs', 'tests/bench/gpulayout/measureGpuLayout.ts'], {
        cwd: root,
        env: vulkanEnvironment(process.env),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) reject(new Error(`the GPU layout measurement ended with ${code}`));
        else resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, unknown>);
      });
    });
  },
};

export default suite;

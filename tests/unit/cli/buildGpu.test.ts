import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePositions } from '../../../src/data/wire/positions';
import { importGraph } from '../../../src/importers';
import { vulkanEnvironment, withoutVulkanDriver } from '../../../src/layout/gpu/node/vulkanEnvironment';
import { edgeLengthRatio } from '../../../src/layout/quality';

const out = mkdtempSync(path.join(os.tmpdir(), 'galaxy-build-gpu-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const INPUT = 'tests/fixtures/importers/karate.graphml';

function build(version: string, flags: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['bin/galaxy.js', 'build', INPUT, '--name', 'karate', '--out', out, '--version-name', version, '--no-progress', ...flags], { env, encoding: 'utf8', timeout: 240_000 });
}

function ratio(version: string): number {
  const bytes = readFileSync(path.join(out, 'karate', version, 'positions.bin'));
  const { positions } = decodePositions(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const graph = importGraph(readFileSync(INPUT), 'karate.graphml');
  return edgeLengthRatio(positions, graph.sources, graph.targets);
}

describe('galaxy build --gpu (Dawn in Node)', () => {
  it('says there is no adapter and builds on the CPU', () => {
    const run = build('none', ['--gpu'], withoutVulkanDriver(process.env));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('--gpu: Dawn found no WebGPU adapter');
    expect(run.stderr).toContain('laying out on the CPU instead');
    expect(ratio('none')).toBeLessThan(0.6);
  }, 240_000);

  it('refuses SwiftShader without --gpu-allow-software, and with it lays out as well as the CPU', () => {
    const refused = build('refused', ['--gpu'], vulkanEnvironment(process.env));
    expect(refused.status, refused.stderr).toBe(0);
    expect(refused.stderr).toMatch(/only WebGPU adapter is a software one \(.*swiftshader.*\).*--gpu-allow-software/i);
    const gpu = build('gpu', ['--gpu', '--gpu-allow-software'], vulkanEnvironment(process.env));
    expect(gpu.status, gpu.stderr).toBe(0);
    expect(gpu.stderr).toMatch(/GPU layout on .*swiftshader/i);
    const cpu = build('cpu', [], process.env);
    expect(cpu.status, cpu.stderr).toBe(0);
    expect(ratio('gpu')).toBeLessThanOrEqual(ratio('cpu') * 1.05);
  }, 480_000);
});

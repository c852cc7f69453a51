/**
 * Run by tests through tests/support/dawnChild.ts (a process of its own with the Vulkan
 * environment): for each cloud in the request, the GPU tree's repulsion on every node where it
 * stands, the tree as built, and the interactions counted; or a few iterations of the layout on
 * the cloud (`iterations`), and the positions they leave.
 */
import { readFileSync } from 'node:fs';
import { GpuForceEngine, type RepulsionMethod } from '../../../../src/layout/gpu/gpuForceEngine';
import { openDawnDevice } from '../../../../src/layout/gpu/node/dawnDevice';

export interface ProbeCloud {
  positions: number[];
  masses: number[];
  method: RepulsionMethod;
  theta: number;
  /** When set: run this many iterations (no links) and return the positions instead of forces. */
  iterations?: number;
}

export interface ProbeResult {
  forces?: number[];
  positions?: number[];
  tree?: { nodes: number[]; sums: number[]; ids: number[] };
  interactions: { nodeNode: number; nodeCell: number };
}

const request = JSON.parse(readFileSync(process.env.GALAXY_DAWN_REQUEST_FILE ?? '', 'utf8')) as ProbeCloud[];
const dawn = await openDawnDevice({ allowSoftware: true });
dawn.device.addEventListener('uncapturederror', (event) => process.stderr.write(`${(event as GPUUncapturedErrorEvent).error.message}\n`));
const results: ProbeResult[] = [];
for (const cloud of request) {
  const n = cloud.masses.length;
  const engine = await GpuForceEngine.create(dawn.device, { nodes: n, adjacency: 0 }, { theta: cloud.theta, gravity: 0, repulsion: 1, method: cloud.method });
  const level = { nodeCount: n, sources: new Uint32Array(0), targets: new Uint32Array(0), weights: new Float64Array(0), masses: Float64Array.from(cloud.masses) };
  engine.load(level, Float32Array.from(cloud.positions), { initialStep: 0.5, iterations: 1000 });
  if (cloud.iterations) {
    engine.run(cloud.iterations);
    const readout = await engine.read();
    results.push({ positions: Array.from(readout.positions), interactions: await engine.interactions() });
  } else {
    const forces = await engine.repulsion();
    const tree = await engine.readTree();
    results.push({
      forces: Array.from(forces),
      tree: tree && { nodes: Array.from(tree.nodes), sums: Array.from(tree.sums), ids: Array.from(tree.ids) },
      interactions: await engine.interactions(),
    });
  }
  engine.dispose();
}
dawn.device.destroy();
process.stdout.write(`${JSON.stringify(results)}\n`);

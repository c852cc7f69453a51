/// <reference lib="webworker" />
import { InPlaceRepulsion, MultilevelLayout } from '../multilevel';
import { scaleToGalaxy } from '../scaleToGalaxy';
import type { CpuLayoutReply, CpuLayoutRequest } from './cpuProtocol';

declare const self: DedicatedWorkerGlobalScope;

let layout: MultilevelLayout | undefined;
let iteration = 0;

function reply(message: CpuLayoutReply, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

function layoutInput(nodeCount: number, links: Uint32Array) {
  const sources = new Uint32Array(links.length / 2);
  const targets = new Uint32Array(links.length / 2);
  for (let k = 0; k < sources.length; k++) {
    sources[k] = links[2 * k];
    targets[k] = links[2 * k + 1];
  }
  return { nodeCount, sources, targets };
}

/**
 * The full graph's iterations from a random cloud, timed for about `budgetMs` after a warm-up (a
 * third of that, at most 5 iterations) in which the JavaScript engine compiles the force code.
 */
async function calibrate(request: Extract<CpuLayoutRequest, { type: 'calibrate' }>): Promise<CpuLayoutReply> {
  const timed = new MultilevelLayout(layoutInput(request.nodeCount, request.links), { seed: request.seed, finestOnly: true }, new InPlaceRepulsion());
  const warmUntil = performance.now() + request.budgetMs / 3;
  for (let k = 0; k < 5 && performance.now() < warmUntil; k++) await timed.iterate();
  const start = performance.now();
  let iterations = 0;
  do {
    await timed.iterate();
    iterations++;
  } while (!timed.finished && performance.now() - start < request.budgetMs);
  return { type: 'calibration', stars: timed.levelNodes, iterations, milliseconds: performance.now() - start };
}

/** The CLI's multilevel layout, stepped: each request runs iterations for about `budgetMs`, then sends the places. */
self.onmessage = async (event: MessageEvent<CpuLayoutRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'calibrate') {
      reply(await calibrate(request));
      return;
    }
    if (request.type === 'start') {
      layout = new MultilevelLayout(layoutInput(request.nodeCount, request.links), { seed: request.seed, iterations: request.iterations }, new InPlaceRepulsion());
      iteration = 0;
      return;
    }
    if (!layout) throw new Error('the layout was not started');
    const until = performance.now() + request.budgetMs;
    do {
      await layout.iterate();
      iteration++;
    } while (!layout.finished && performance.now() < until);
    const positions = scaleToGalaxy(layout.positions());
    reply({ type: 'frame', positions, iteration, converged: layout.finished }, [positions.buffer]);
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};

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

/** The CLI's multilevel layout, stepped: each request runs iterations for about `budgetMs`, then sends the places. */
self.onmessage = async (event: MessageEvent<CpuLayoutRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'start') {
      const sources = new Uint32Array(request.links.length / 2);
      const targets = new Uint32Array(request.links.length / 2);
      for (let k = 0; k < sources.length; k++) {
        sources[k] = request.links[2 * k];
        targets[k] = request.links[2 * k + 1];
      }
      layout = new MultilevelLayout(
        { nodeCount: request.nodeCount, sources, targets },
        { seed: request.seed, iterations: request.iterations },
        new InPlaceRepulsion(),
      );
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

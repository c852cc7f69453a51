/**
 * Layout speed and quality on the real npm graph (196k nodes, 474k links) from ../shared/galaxies:
 * seconds per iteration on the full graph next to ngraph.forcelayout (3D) in the same run, and
 * mean link length / mean random-pair distance next to the published layout of the same graph.
 */
import os from 'node:os';
import createGraph from 'ngraph.graph';
import createLayout from 'ngraph.forcelayout';
import { forceLayoutRaw } from '../../../src/layout/forceLayout';
import { edgeLengthRatio, linkedNodes } from '../../../src/layout/quality';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import { readSharedGalaxy } from '../../support/readSharedGalaxy';
import type { BenchSuite } from '../run';

const NGRAPH_STEPS = Number(process.env.BENCH_NGRAPH_STEPS ?? 3);
const ITERATIONS = Number(process.env.BENCH_LAYOUT_ITERATIONS ?? 100);

function ngraphSecondsPerStep(graph: ReturnType<typeof readSharedGalaxy>): number {
  const g = createGraph();
  for (let i = 0; i < graph.nodeCount; i++) g.addNode(i);
  for (let k = 0; k < graph.sources.length; k++) g.addLink(graph.sources[k], graph.targets[k]);
  const layout = createLayout(g, { dimensions: 3 });
  layout.step(); // the first step also builds ngraph's bodies
  const start = performance.now();
  for (let i = 0; i < NGRAPH_STEPS; i++) layout.step();
  return (performance.now() - start) / 1000 / NGRAPH_STEPS;
}

const suite: BenchSuite = {
  name: 'layout',
  async run() {
    if (!haveSharedGalaxies) return { skipped: sharedGalaxiesMissingReason };
    const graph = readSharedGalaxy('npm');
    const threads = os.availableParallelism();

    // Ours: time every iteration on the finest level of the multilevel layout, which holds every
    // linked node (unlinked ones are placed afterwards, without iterations).
    let last = performance.now();
    const iterationTimes: { levelNodes: number; ms: number }[] = [];
    const start = performance.now();
    const positions = await forceLayoutRaw(graph, {
      iterations: ITERATIONS,
      threads,
      onIteration: (_done, _total, levelNodes) => {
        const now = performance.now();
        iterationTimes.push({ levelNodes, ms: now - last });
        last = now;
      },
    });
    const totalSeconds = (performance.now() - start) / 1000;
    const finestLevel = Math.max(...iterationTimes.map((time) => time.levelNodes));
    const fullGraphIterations = iterationTimes.filter((time) => time.levelNodes === finestLevel).map((time) => time.ms);
    const oursPerIteration = fullGraphIterations.reduce((a, b) => a + b, 0) / fullGraphIterations.length / 1000;
    const ngraphPerStep = ngraphSecondsPerStep(graph);

    const oursRatio = edgeLengthRatio(positions, graph.sources, graph.targets);
    const publishedRatio = edgeLengthRatio(graph.positions, graph.sources, graph.targets);
    // Unlinked nodes sit in an outer shell in both layouts; without them the measure shows the linked part alone.
    const linked = linkedNodes(graph.nodeCount, graph.sources, graph.targets);
    const oursLinked = edgeLengthRatio(positions, graph.sources, graph.targets, 200_000, 7, linked);
    const publishedLinked = edgeLengthRatio(graph.positions, graph.sources, graph.targets, 200_000, 7, linked);
    return {
      graph: `npm ${graph.version}`,
      nodes: graph.nodeCount,
      links: graph.sources.length,
      threads,
      speed: {
        oursSecondsPerIteration: Number(oursPerIteration.toFixed(4)),
        ngraphForcelayoutSecondsPerIteration: Number(ngraphPerStep.toFixed(4)),
        ngraphSteps: NGRAPH_STEPS,
        speedup: Number((ngraphPerStep / oursPerIteration).toFixed(2)),
        target: 'speedup >= 10',
        oursFinestLevelNodes: finestLevel,
        oursLevels: new Set(iterationTimes.map((time) => time.levelNodes)).size,
        oursWholeLayoutSeconds: Number(totalSeconds.toFixed(1)),
        oursIterationsPerLevel: ITERATIONS,
      },
      quality: {
        measure: 'mean link length / mean distance between random node pairs (lower is better)',
        ours: Number(oursRatio.toFixed(4)),
        published: Number(publishedRatio.toFixed(4)),
        oursOverPublished: Number((oursRatio / publishedRatio).toFixed(3)),
        target: 'oursOverPublished <= 1',
        linkedNodesOnly: {
          nodes: linked.length,
          ours: Number(oursLinked.toFixed(4)),
          published: Number(publishedLinked.toFixed(4)),
          oursOverPublished: Number((oursLinked / publishedLinked).toFixed(3)),
        },
      },
    };
  },
};

export default suite;

import { runInDawn } from '../../support/dawnChild';
import type { BenchSuite } from '../run';
import { median } from '../support/benchBrowser';

const ROUNDS = 7;
const round = (value: number) => Number(value.toFixed(1));

interface FirstNamesFrame {
  firstNamesMs: number;
  nextMs: number;
  made: string[];
  unchangedByWarmUp?: boolean;
}

/**
 * The WebGPU renderer's first frame with star names, in Node through Dawn
 * (tests/bench/gpurender/firstNames.ts): names right after the first stars (before the labels
 * pipeline's warm-up) against names one frame later (after it), alternately on fresh renderers. The
 * GPU-side cost behind the search frame gap on WebGPU, without a browser's noise around it.
 */
const suite: BenchSuite = {
  name: 'first-names',
  async run() {
    let result: { cold: FirstNamesFrame[]; warm: FirstNamesFrame[] };
    try {
      result = runInDawn('tests/bench/gpurender/firstNames.ts', { rounds: ROUNDS }, 20 * 60_000);
    } catch (error) {
      return { skipped: `no WebGPU adapter through Dawn here: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}` };
    }
    const figures = (frames: FirstNamesFrame[]) => ({
      firstNamesFrameMs: round(median(frames.map((frame) => frame.firstNamesMs))),
      firstNamesFramesMs: frames.map((frame) => round(frame.firstNamesMs)),
      nextFrameMs: round(median(frames.map((frame) => frame.nextMs))),
      madeInFirstNamesFrame: frames[0]?.made ?? [],
    });
    const cold = figures(result.cold), warm = figures(result.warm);
    return {
      note: 'Wall time from render() to onSubmittedWorkDone of the first frame with 20 names, median of rounds; cold = names in the frame right after the first stars, warm = one frame later, after the warm-up.',
      rounds: ROUNDS,
      cold,
      warm,
      coldOverWarm: round(cold.firstNamesFrameMs / Math.max(warm.firstNamesFrameMs, 0.1)),
      warmUpChangedNoPixel: result.warm.every((frame) => frame.unchangedByWarmUp === true),
    };
  },
};

export default suite;

import { describe, expect, it } from 'vitest';
import {
  chooseLayoutEngine,
  describeEngineChoice,
  layoutEngineInAddress,
  microsecondsPerStar,
  WEBGPU_MUST_BEAT,
  webGpuDeadlineMs,
  type Calibration,
} from '../../../src/layout/live/chooseLayoutEngine';

/** Both engines timed on a sample of 2,048 stars, `cpuMs` and `gpuMs` per iteration. */
function timed(cpuMs: number, gpuMs: number | string): Calibration {
  return {
    cpu: { stars: 2048, iterations: 10, milliseconds: 10 * cpuMs },
    webgpu: typeof gpuMs === 'string' ? gpuMs : { stars: 2048, iterations: 10, milliseconds: 10 * gpuMs },
  };
}

describe('which live layout a visitor gets', () => {
  it('runs the engine that took less time per star in the calibration, whatever the adapter', () => {
    expect(chooseLayoutEngine(undefined, 'hardware', timed(8, 2)).engine).toBe('webgpu');
    expect(chooseLayoutEngine(undefined, 'software', timed(8, 2)).engine).toBe('webgpu');
    expect(chooseLayoutEngine(undefined, 'hardware', timed(2, 8)).engine).toBe('cpu-workers');
    expect(chooseLayoutEngine(undefined, 'software', timed(2, 40)).engine).toBe('cpu-workers');
  });

  it('compares time per star, not per iteration, where the samples differ', () => {
    const calibration: Calibration = {
      cpu: { stars: 1000, iterations: 10, milliseconds: 30 },
      webgpu: { stars: 2000, iterations: 10, milliseconds: 40 },
    };
    expect(microsecondsPerStar(calibration.cpu)).toBeCloseTo(3);
    expect(chooseLayoutEngine(undefined, 'hardware', calibration).engine).toBe('webgpu');
  });

  it('counts a near tie as a tie, and a tie goes to the CPU workers', () => {
    expect(chooseLayoutEngine(undefined, 'hardware', timed(10, 10)).engine).toBe('cpu-workers');
    expect(chooseLayoutEngine(undefined, 'hardware', timed(10, 10 * WEBGPU_MUST_BEAT)).engine).toBe('cpu-workers');
    expect(chooseLayoutEngine(undefined, 'hardware', timed(10, 10 * WEBGPU_MUST_BEAT - 0.01)).engine).toBe('webgpu');
  });

  it('runs the CPU workers where WebGPU gave no timing or ran no iteration', () => {
    expect(chooseLayoutEngine(undefined, 'hardware', timed(10, 'no timing within 3.0 s')).engine).toBe('cpu-workers');
    expect(chooseLayoutEngine(undefined, 'hardware', timed(10, 'failed: device lost')).engine).toBe('cpu-workers');
    const none: Calibration = { cpu: { stars: 34, iterations: 5, milliseconds: 1 }, webgpu: { stars: 34, iterations: 0, milliseconds: 0 } };
    expect(chooseLayoutEngine(undefined, 'hardware', none).engine).toBe('cpu-workers');
  });

  it('runs the CPU workers, uncalibrated, without a WebGPU adapter', () => {
    const choice = chooseLayoutEngine(undefined, 'none');
    expect(choice).toEqual({ engine: 'cpu-workers', by: 'no-webgpu', adapter: 'none' });
    expect(describeEngineChoice(choice)).toBe('CPU workers: WebGPU has no adapter here');
  });

  it('lets the page address decide over the calibration', () => {
    expect(chooseLayoutEngine('webgpu', 'software', timed(2, 40))).toEqual({ engine: 'webgpu', by: 'address' });
    expect(chooseLayoutEngine('webgpu', 'none').engine).toBe('webgpu');
    expect(chooseLayoutEngine('cpu-workers', 'hardware', timed(8, 2)).engine).toBe('cpu-workers');
    expect(describeEngineChoice(chooseLayoutEngine('cpu-workers', 'none'))).toBe('CPU workers: named by layout= in the address');
  });

  it('says the calibration\'s figures', () => {
    expect(describeEngineChoice(chooseLayoutEngine(undefined, 'software', timed(2.048, 40.96)))).toBe(
      'CPU workers: calibrated on a software adapter; CPU workers 1.00 µs per star (10 iterations of 2048 stars in 20 ms); WebGPU 20.0 µs per star (10 iterations of 2048 stars in 410 ms)',
    );
    expect(describeEngineChoice(chooseLayoutEngine(undefined, 'hardware', timed(2, 'no timing within 3.0 s')))).toMatch(/; WebGPU no timing within 3.0 s$/);
  });

  it('waits for the WebGPU timing at most 5% of the CPU workers\' time on the full graph, from 0.3 to 3 s', () => {
    const cpu = { stars: 2048, iterations: 10, milliseconds: 200 }; // 9.77 µs per star
    expect(webGpuDeadlineMs(cpu, 34)).toBe(300);
    expect(webGpuDeadlineMs(cpu, 5000)).toBeCloseTo(488, 0);
    expect(webGpuDeadlineMs(cpu, 196_000)).toBe(3000);
    expect(webGpuDeadlineMs({ stars: 0, iterations: 0, milliseconds: 0 }, 10)).toBe(3000);
  });

  it('reads layout=webgpu and layout=cpu (and the older layout=cpu-workers) from the address', () => {
    expect(layoutEngineInAddress('?layout=webgpu')).toBe('webgpu');
    expect(layoutEngineInAddress('?renderer=webgl2&layout=cpu')).toBe('cpu-workers');
    expect(layoutEngineInAddress('?layout=cpu-workers')).toBe('cpu-workers');
    expect(layoutEngineInAddress('?layout=gpu')).toBeUndefined();
    expect(layoutEngineInAddress('')).toBeUndefined();
  });
});

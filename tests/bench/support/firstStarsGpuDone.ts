import { FIRST_STARS_MARK } from '../../../src/boot/firstStarsMark';

/**
 * Records when the entry's first star frame is done on the GPU, as the original's is timed after
 * gl.finish(): the page's WebGL2 context and WebGPU queue are noted as made, and when the entry marks
 * its first stars, WebGPU waits for the queue's submitted work, WebGL2 for finish(). A string: tsx
 * would wrap named inner functions in a helper the page lacks.
 */
export const FIRST_STARS_GPU_DONE = `(() => {
  let gl, queue;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    const context = getContext.call(this, type, ...rest);
    if (type === 'webgl2' && context) gl = context;
    return context;
  };
  if (typeof GPUQueue !== 'undefined') {
    const submit = GPUQueue.prototype.submit;
    GPUQueue.prototype.submit = function (...args) { queue = this; return submit.apply(this, args); };
  }
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    const entry = mark(name, ...rest);
    if (name === ${JSON.stringify(FIRST_STARS_MARK)} && window.firstStarsGpuDoneAt === undefined) {
      if (queue) queue.onSubmittedWorkDone().then(() => { window.firstStarsGpuDoneAt = performance.now(); });
      else if (gl) { gl.finish(); window.firstStarsGpuDoneAt = performance.now(); }
    }
    return entry;
  };
})()`;

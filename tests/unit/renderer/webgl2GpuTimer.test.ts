import { describe, expect, it } from 'vitest';
import { WebGL2GpuTimer } from '../../../src/renderer/webgl2/gpuTimer';

/** A WebGL2 context reduced to timer queries: each query's result comes `lag` polls after it ended. */
function fakeGl(options: { extension: boolean; lag: number }) {
  const queries = new Map<object, { ns: number; ended: number }>();
  let polls = 0;
  let disjoint = false;
  let nextNs = 2e6;
  const gl = {
    QUERY_RESULT_AVAILABLE: 0x8867,
    QUERY_RESULT: 0x8866,
    getExtension: (name: string) => (options.extension && name === 'EXT_disjoint_timer_query_webgl2' ? {} : null),
    createQuery: () => ({}),
    beginQuery: () => {},
    endQuery: () => {},
    deleteQuery: (query: object) => queries.delete(query),
    getQueryParameter(query: object, pname: number) {
      const q = queries.get(query)!;
      return pname === gl.QUERY_RESULT_AVAILABLE ? polls - q.ended >= options.lag : q.ns;
    },
    getParameter: () => disjoint,
  };
  return {
    gl: gl as unknown as WebGL2RenderingContext,
    frame(timer: WebGL2GpuTimer) {
      timer.begin();
      timer.end();
    },
    track(timer: WebGL2GpuTimer) {
      const create = gl.createQuery;
      gl.createQuery = () => {
        const query = create();
        queries.set(query, { ns: nextNs, ended: polls });
        nextNs += 1e6;
        return query;
      };
      return timer;
    },
    poll: () => polls++,
    setDisjoint: (value: boolean) => (disjoint = value),
    held: () => queries.size,
  };
}

describe('GPU time of WebGL2 frames', () => {
  it('is absent without the extension', () => {
    expect(WebGL2GpuTimer.create(fakeGl({ extension: false, lag: 0 }).gl)).toBeUndefined();
  });

  it('reads each frame\'s time once the GPU has it, in order, times at most four frames at once, and forgets a disjoint batch', () => {
    const fake = fakeGl({ extension: true, lag: 2 });
    const timer = fake.track(WebGL2GpuTimer.create(fake.gl)!);
    const seen: number[] = [];
    for (let frame = 0; frame < 6; frame++) {
      fake.frame(timer);
      seen.push(...timer.finished());
      fake.poll();
    }
    // 2, 3, 4, 5 ms... each read two polls after its frame; never more than four waiting.
    expect(seen.slice(0, 3)).toEqual([2, 3, 4]);
    expect(fake.held()).toBeLessThanOrEqual(4);
    fake.frame(timer);
    fake.poll();
    fake.poll();
    fake.setDisjoint(true);
    expect(timer.finished()).toEqual([]);
    timer.dispose();
    expect(fake.held()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { DeviceLossCounter, HEALTHY_AFTER_MS, MAX_LOSSES_IN_A_ROW } from '../../../src/renderer/deviceLossCounter';

describe('lost GPU devices', () => {
  it('are recovered five times in a row, and the sixth loss in a row gives up', () => {
    const counter = new DeviceLossCounter();
    let now = 0;
    counter.started(now);
    for (let i = 1; i <= MAX_LOSSES_IN_A_ROW; i++) {
      expect(counter.lost((now += 100))).toEqual({ action: 'recover', inARow: i });
      counter.started((now += 50));
    }
    expect(counter.lost((now += 100))).toEqual({ action: 'give-up', inARow: 6 });
  });

  it('are counted in a row, not per visit: a renderer that ran a while starts the count again', () => {
    const counter = new DeviceLossCounter();
    let now = 0;
    for (let i = 0; i < 20; i++) {
      counter.started(now);
      now += HEALTHY_AFTER_MS;
      expect(counter.lost(now)).toEqual({ action: 'recover', inARow: 1 });
    }
  });

  it('count a loss of a renderer that never started after the previous loss', () => {
    const counter = new DeviceLossCounter();
    counter.started(0);
    expect(counter.lost(HEALTHY_AFTER_MS * 5).inARow).toBe(1);
    expect(counter.lost(HEALTHY_AFTER_MS * 10).inARow).toBe(2);
  });
});

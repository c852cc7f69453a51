import { describe, expect, it } from 'vitest';
import { CameraRest, FLIGHT_GAP_MS } from '../../../src/scene/cameraRest';

/** A camera moved at each of the given times (ms). */
function movedAt(...times: number[]): CameraRest {
  const rest = new CameraRest();
  for (const at of times) rest.moved(at);
  return rest;
}

describe('when the camera rests', () => {
  it('a camera that never moved rests for any wait', () => {
    expect(new CameraRest().restsBy(0, 500)).toBe(true);
  });

  it('rests once it has not moved for the asker\'s wait: names soon, the list later', () => {
    const rest = movedAt(1000, 1016, 1032);
    expect(rest.restsAt(150)).toBe(1182);
    expect(rest.restsAt(500)).toBe(1532);
    expect(rest.restsBy(1181, 150)).toBe(false);
    expect(rest.restsBy(1182, 150)).toBe(true);
    expect(rest.restsBy(1182, 500)).toBe(false);
  });

  it('where a flight\'s moves come slower than the wait, waits two of its move intervals', () => {
    // A loaded machine drawing a frame every 1.2 s: the camera is still flying between two frames.
    const rest = movedAt(0, 1200, 2400);
    expect(rest.restsAt(150)).toBe(2400 + 2 * 1200);
    expect(rest.restsAt(500)).toBe(2400 + 2 * 1200);
    expect(rest.restsBy(3600, 500)).toBe(false);
    expect(rest.restsBy(4800, 500)).toBe(true);
  });

  it('moves further apart than a flight\'s gap are separate moves that do not stretch the rest', () => {
    const rest = movedAt(0, FLIGHT_GAP_MS + 100);
    expect(rest.restsAt(150)).toBe(FLIGHT_GAP_MS + 250);
    // A fast move after a slow one: the interval is the last one only.
    rest.moved(FLIGHT_GAP_MS + 116);
    expect(rest.restsAt(150)).toBe(FLIGHT_GAP_MS + 266);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followNamesAtRest } from '../../../src/routes/namesAtRest';
import { CameraRest } from '../../../src/scene/cameraRest';

type Named = ReadonlyArray<{ id: number; name: string }>;

/** A stand-in scene on the fake clock: the test says when the names change and the camera moves. */
function fakeScene() {
  const names = new Set<(stars: Named) => void>();
  const cameraRest = new CameraRest();
  return {
    onNamedStarsChange: (listener: (stars: Named) => void) => (names.add(listener), () => names.delete(listener)),
    cameraRestsAt: (waitMs: number) => cameraRest.restsAt(waitMs),
    name: (stars: Named) => names.forEach((listener) => listener(stars)),
    move: () => cameraRest.moved(Date.now()),
  };
}

const star = (id: number) => ({ id, name: `star ${id}` });

describe('the accessible list of named stars follows the names once the camera rests', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lists nothing while a flight changes the names every frame, then what is named at rest', () => {
    const scene = fakeScene();
    const listed: Named[] = [];
    followNamesAtRest(scene, 400, (stars) => listed.push(stars), () => Date.now());
    for (let frame = 0; frame < 120; frame++) {
      scene.move();
      scene.name([star(frame), star(frame + 1)]);
      vi.advanceTimersByTime(16);
    }
    expect(listed).toEqual([]);
    // The last frame was 16 ms ago: the list follows 400 ms after it.
    vi.advanceTimersByTime(383);
    expect(listed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(listed).toEqual([[star(119), star(120)]]);
  });

  it('a camera still moving after the names changed puts the listing off; one that moves alone lists nothing', () => {
    const scene = fakeScene();
    const listed: Named[] = [];
    followNamesAtRest(scene, 400, (stars) => listed.push(stars), () => Date.now());
    scene.name([star(1)]);
    for (let frame = 0; frame < 60; frame++) {
      vi.advanceTimersByTime(16);
      scene.move();
    }
    expect(listed).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(listed).toEqual([[star(1)]]);
    scene.move();
    vi.advanceTimersByTime(1000);
    expect(listed).toHaveLength(1);
  });

  it('stops listening when told', () => {
    const scene = fakeScene();
    const listed: Named[] = [];
    const stop = followNamesAtRest(scene, 400, (stars) => listed.push(stars), () => Date.now());
    scene.name([star(1)]);
    stop();
    scene.name([star(2)]);
    vi.advanceTimersByTime(1000);
    expect(listed).toEqual([]);
  });

  it('a flight of one frame every 600 ms lists nothing after its first frame until the camera has kept still for two of them', () => {
    const scene = fakeScene();
    const listed: Named[] = [];
    followNamesAtRest(scene, 400, (stars) => listed.push(stars), () => Date.now());
    for (let frame = 0; frame < 10; frame++) {
      scene.move();
      scene.name([star(frame)]);
      vi.advanceTimersByTime(600);
    }
    // Before the second move the camera's interval is not known: the first frame's names are listed.
    expect(listed).toEqual([[star(0)]]);
    vi.advanceTimersByTime(600);
    expect(listed).toEqual([[star(0)], [star(9)]]);
  });
});

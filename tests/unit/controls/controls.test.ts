import { quat, vec3 } from 'gl-matrix';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advancePose, lookBy, movementSpeed, orbitPose, ROLL_SPEED, SHIFT_MULTIPLIER } from '../../../src/controls/flight';
import { isModifierKey, keyCommand, motionOf, physicalKey } from '../../../src/controls/keys';
import { ClickTimer, HoverTimer } from '../../../src/controls/pointerTiming';
import type { CameraPose } from '../../../src/scene/scene';

const plain = { shiftKey: false, ctrlKey: false, metaKey: false, altKey: false };

describe('keys', () => {
  it('maps H, shift+/, L and space to their commands by physical key', () => {
    expect(keyCommand({ ...plain, code: 'KeyH' })).toBe('toggle-help');
    expect(keyCommand({ ...plain, code: 'Slash', shiftKey: true })).toBe('toggle-help');
    expect(keyCommand({ ...plain, code: 'Slash' })).toBeUndefined();
    expect(keyCommand({ ...plain, code: 'KeyL' })).toBe('toggle-links');
    expect(keyCommand({ ...plain, code: 'Space' })).toBe('toggle-steering');
  });

  it('ignores L with ctrl or meta', () => {
    expect(keyCommand({ ...plain, code: 'KeyL', ctrlKey: true })).toBeUndefined();
    expect(keyCommand({ ...plain, code: 'KeyL', metaKey: true })).toBeUndefined();
  });

  it('falls back to the key codes H=72, L=76, Space=32 and slash=191 without a code', () => {
    expect(keyCommand({ ...plain, code: '', keyCode: 72 })).toBe('toggle-help');
    expect(keyCommand({ ...plain, code: '', keyCode: 76 })).toBe('toggle-links');
    expect(keyCommand({ ...plain, code: '', keyCode: 32 })).toBe('toggle-steering');
    expect(keyCommand({ ...plain, code: '', keyCode: 191, shiftKey: true })).toBe('toggle-help');
  });

  it('uses the physical key, so the key labelled Z on AZERTY (code KeyW) flies forward', () => {
    // An AZERTY keyboard reports key 'z' with code 'KeyW' for the key where QWERTY has W.
    expect(physicalKey({ code: 'KeyW' })).toBe('KeyW');
    expect(motionOf(['KeyW']).move).toEqual([0, 0, -1]);
  });

  it('tells modifiers apart from keys that hide the help', () => {
    expect(isModifierKey({ code: 'ShiftLeft' })).toBe(true);
    expect(isModifierKey({ code: 'MetaRight' })).toBe(true);
    expect(isModifierKey({ code: 'KeyK' })).toBe(false);
  });
});

const identity: CameraPose = { position: [0, 0, 0], orientation: [0, 0, 0, 1] };

function forwardOf(pose: CameraPose): number[] {
  return Array.from(vec3.transformQuat(vec3.create(), [0, 0, -1], quat.fromValues(...pose.orientation)));
}

describe('flight', () => {
  it('moves forward along the camera view at 0.02 x half the scene size a frame', () => {
    const speed = movementSpeed(5000);
    expect(speed).toBe(100);
    const next = advancePose(identity, motionOf(['KeyW']), speed, ROLL_SPEED, 1);
    expect(next.position[2]).toBeCloseTo(-100);
    const fast = advancePose(identity, motionOf(['KeyW']), speed * SHIFT_MULTIPLIER, ROLL_SPEED, 1);
    expect(fast.position[2]).toBeCloseTo(-400);
  });

  it('moves along the turned axes after a yaw', () => {
    const turned = lookBy(identity, Math.PI / 2, 0);
    const next = advancePose(turned, motionOf(['KeyW']), 10, ROLL_SPEED, 1);
    expect(next.position[0]).toBeCloseTo(-10);
    expect(next.position[2]).toBeCloseTo(0);
  });

  it('rolls by 0.065 radians a frame with Q', () => {
    const rolled = advancePose(identity, motionOf(['KeyQ']), 0, ROLL_SPEED, 1);
    const angle = quat.getAxisAngle(vec3.create(), quat.fromValues(...rolled.orientation));
    expect(angle).toBeCloseTo(ROLL_SPEED);
    expect(forwardOf(rolled)[2]).toBeCloseTo(-1);
  });

  it('orbits looking at the centre', () => {
    for (const angle of [0, 1, 2.5]) {
      const pose = orbitPose([10, 20, 30], 1000, angle);
      const toCentre = vec3.normalize(vec3.create(), [10 - pose.position[0], 20 - pose.position[1], 30 - pose.position[2]]);
      const forward = forwardOf(pose);
      expect(vec3.dot(toCentre, forward as [number, number, number])).toBeCloseTo(1);
      expect(Math.hypot(pose.position[0] - 10, pose.position[2] - 30)).toBeCloseTo(1000);
    }
  });
});

describe('pointer timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires a click 300 ms after mouse down', () => {
    const clicks: string[] = [];
    const timer = new ClickTimer(() => clicks.push('click'), () => clicks.push('double'));
    timer.down({ x: 1, y: 1 });
    vi.advanceTimersByTime(299);
    expect(clicks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(clicks).toEqual(['click']);
  });

  it('fires a double click instead when a second down comes within 300 ms', () => {
    const clicks: string[] = [];
    const timer = new ClickTimer(() => clicks.push('click'), () => clicks.push('double'));
    timer.down({ x: 1, y: 1 });
    vi.advanceTimersByTime(200);
    timer.down({ x: 1, y: 1 });
    vi.advanceTimersByTime(1000);
    expect(clicks).toEqual(['double']);
  });

  it('fires nothing for a drag', () => {
    const clicks: string[] = [];
    const timer = new ClickTimer(() => clicks.push('click'), () => clicks.push('double'));
    timer.down({ x: 1, y: 1 });
    timer.move({ x: 40, y: 1 });
    vi.advanceTimersByTime(1000);
    expect(clicks).toEqual([]);
  });

  it('hovers only after the pointer is still 100 ms and the camera is not moving', () => {
    let moving = true;
    const hovered: number[] = [];
    const hover = new HoverTimer((at) => hovered.push(at.x), () => moving);
    hover.move({ x: 1, y: 0 });
    vi.advanceTimersByTime(60);
    hover.move({ x: 2, y: 0 });
    vi.advanceTimersByTime(99);
    expect(hovered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(hovered).toEqual([]);
    moving = false;
    vi.advanceTimersByTime(100);
    expect(hovered).toEqual([2]);
  });
});

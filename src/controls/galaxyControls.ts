import { quat } from 'gl-matrix';
import type { CameraPose, Scene } from '../scene/scene';
import {
  advancePose,
  deviceOrientationQuat,
  FRAME_MS,
  lookBy,
  movementSpeed,
  orbitAngle,
  orbitPose,
  ROLL_SPEED,
  SHIFT_MULTIPLIER,
} from './flight';
import { isMotionKey, isModifierKey, isShiftKey, type KeyCommand, keyCommand, motionOf, physicalKey } from './keys';
import { ClickTimer, HoverTimer, type PointerPoint } from './pointerTiming';
import { frameQueue } from '../timing/frameQueue';

export interface ControlsHandlers {
  onKeyCommand(command: KeyCommand): void;
  /** Any key press but a modifier (the help overlay hides on it). */
  onNonModifierKey(): void;
  /** Keys, touch, steering or an orbit started or stopped moving the camera. */
  onMovingChange(moving: boolean): void;
  /** Pointer still for the hover delay while the camera is not moving. */
  onPointerStill(at: PointerPoint): void;
  onPointerMove(at: PointerPoint): void;
  onPointerLeave(): void;
  onClick(at: PointerPoint): void;
  onDoubleClick(at: PointerPoint): void;
  /** A wheel turn; `overScene` when it happened over the canvas. */
  onWheel(overScene: boolean, target: EventTarget | null): void;
  isSteering(): boolean;
  isDragToLook(): boolean;
}

/** A slow frame moves the camera as far as this many 60 Hz frames at most (no leap after a stall). */
const MAX_FRAMES_PER_TICK = 15;

/** Whether the page is hidden (a tab in the background): no frame is drawn, so the camera is not moved either. */
function pageHidden(): boolean {
  return typeof document !== 'undefined' && document.hidden;
}

/** Radians of turn per CSS pixel dragged: the 45 degree field of view spread over the element height. */
function dragRadiansPerPixel(element: HTMLElement): number {
  return (45 * Math.PI) / 180 / Math.max(element.clientHeight, 1);
}

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

interface Orbit {
  center: [number, number, number];
  radius: number;
  msPerTurn: number;
  startAngle: number;
  startTime: number;
}

/**
 * Keyboard, mouse, touch and device-orientation flight over a Scene (docs/rules.md#controls).
 * The animation loop runs only while something moves the camera.
 */
export class GalaxyControls {
  private readonly held = new Set<string>();
  /** Keys pressed and released before a frame moved the camera for them: the next frame still does. */
  private readonly releasedUnseen = new Set<string>();
  private readonly seen = new Set<string>();
  private shift = false;
  private touches = 0;
  private steeringPointer: PointerPoint | undefined;
  private drag: PointerPoint | undefined;
  private orbit: Orbit | undefined;
  private lastFrameTime = 0;
  private moving = false;
  private deviceBase: { device: quat; camera: quat } | undefined;
  private readonly clicks: ClickTimer;
  private readonly hover: HoverTimer;
  private readonly detach: Array<() => void> = [];

  constructor(
    private readonly view: Scene,
    private readonly element: HTMLElement,
    private readonly handlers: ControlsHandlers,
  ) {
    this.clicks = new ClickTimer(
      (at) => handlers.onClick(at),
      (at) => handlers.onDoubleClick(at),
    );
    // For end-to-end tests: how many presses have been decided, so they wait on that, not on the clock.
    let settled = 0;
    this.clicks.onSettled = () => {
      element.dataset.pressesSettled = String(++settled);
    };
    this.hover = new HoverTimer(
      (at) => handlers.onPointerStill(at),
      () => this.moving || this.drag !== undefined || view.isCameraAnimating(),
    );
    this.listen(window, 'keydown', (event) => this.keyDown(event as KeyboardEvent));
    // Typing in the search box is a key press too: the help hides, though the box keeps the key.
    this.listen(
      window,
      'keydown',
      (event) => {
        if (isTextEntry(event.target) && !isModifierKey(event as KeyboardEvent)) handlers.onNonModifierKey();
      },
      { capture: true },
    );
    this.listen(window, 'keyup', (event) => this.keyUp(event as KeyboardEvent));
    this.listen(window, 'blur', () => this.releaseAll());
    // A hidden page's frame queue runs the tick from its fallback timer (no frames): the tick stops there, and the page shown wakes it.
    if (typeof document !== 'undefined') this.listen(document, 'visibilitychange', () => this.wake());
    this.listen(window, 'wheel', (event) => handlers.onWheel(element.contains(event.target as Node), event.target), { passive: true });
    this.listen(element, 'pointerdown', (event) => this.pointerDown(event as PointerEvent));
    this.listen(window, 'pointermove', (event) => this.pointerMove(event as PointerEvent));
    this.listen(window, 'pointerup', (event) => this.pointerUp(event as PointerEvent));
    this.listen(element, 'pointerleave', () => {
      this.hover.leave();
      handlers.onPointerLeave();
    });
    this.listen(element, 'touchstart', (event) => this.touch(event as TouchEvent), { passive: true });
    this.listen(element, 'touchend', (event) => this.touch(event as TouchEvent), { passive: true });
    this.listen(element, 'touchcancel', (event) => this.touch(event as TouchEvent), { passive: true });
    if ('ontouchstart' in window) {
      this.listen(window, 'deviceorientation', (event) => this.deviceOrientation(event as DeviceOrientationEvent));
    }
  }

  dispose(): void {
    for (const off of this.detach) off();
    this.clicks.cancel();
    this.hover.leave();
    frameQueue.remove(this.tickAtFrame);
    this.setMoving(false);
  }

  /** Orbits the camera around `center` (stopped by any key or press). */
  startOrbit(center: [number, number, number], radius: number, msPerTurn: number): void {
    const pose = this.view.getCamera();
    const startAngle = Math.atan2(pose.position[0] - center[0], pose.position[2] - center[2]);
    this.orbit = { center, radius, msPerTurn, startAngle, startTime: performance.now() };
    this.wake();
  }

  stopOrbit(): void {
    this.orbit = undefined;
  }

  /** Steering changed from outside (the space key goes through the handlers), or the page was shown again. */
  wake(): void {
    if (pageHidden() || frameQueue.has(this.tickAtFrame)) return;
    this.lastFrameTime = performance.now();
    frameQueue.add(this.tickAtFrame);
  }

  private listen(target: EventTarget, type: string, listener: (event: Event) => void, options?: AddEventListenerOptions): void {
    target.addEventListener(type, listener, options);
    this.detach.push(() => target.removeEventListener(type, listener, options));
  }

  private keyDown(event: KeyboardEvent): void {
    if (isTextEntry(event.target)) return;
    this.orbit = undefined;
    if (isShiftKey(event)) this.shift = true;
    const command = keyCommand(event);
    if (command !== 'toggle-help' && !isModifierKey(event)) this.handlers.onNonModifierKey();
    if (command) {
      if (!event.repeat) this.handlers.onKeyCommand(command);
      event.preventDefault();
      if (command === 'toggle-steering') this.wake();
      return;
    }
    const key = physicalKey(event);
    if (isMotionKey(key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      this.held.add(key);
      this.seen.delete(key);
      event.preventDefault();
      this.wake();
    }
  }

  private keyUp(event: KeyboardEvent): void {
    if (isShiftKey(event)) this.shift = false;
    const key = physicalKey(event);
    if (this.held.delete(key) && !this.seen.has(key)) this.releasedUnseen.add(key);
  }

  private releaseAll(): void {
    this.held.clear();
    this.releasedUnseen.clear();
    this.shift = false;
    this.drag = undefined;
  }

  private pointerDown(event: PointerEvent): void {
    this.orbit = undefined;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const at = { x: event.clientX, y: event.clientY };
    this.clicks.down(at);
    if (event.pointerType !== 'touch' && this.handlers.isDragToLook()) this.drag = at;
  }

  private pointerMove(event: PointerEvent): void {
    const at = { x: event.clientX, y: event.clientY };
    this.clicks.move(at);
    if (this.drag) {
      const k = dragRadiansPerPixel(this.element);
      const pose = lookBy(this.view.getCamera(), (at.x - this.drag.x) * k, (at.y - this.drag.y) * k);
      this.drag = at;
      this.view.setCamera(pose);
    }
    if (!this.element.contains(event.target as Node)) return;
    this.steeringPointer = at;
    if (this.handlers.isSteering()) this.wake();
    this.handlers.onPointerMove(at);
    this.hover.move(at);
  }

  private pointerUp(_event: PointerEvent): void {
    this.drag = undefined;
  }

  private touch(event: TouchEvent): void {
    this.touches = event.touches.length;
    if (this.touches > 0) this.wake();
  }

  private deviceOrientation(event: DeviceOrientationEvent): void {
    if (event.alpha === null || event.beta === null || event.gamma === null) return;
    const screenAngle = screen.orientation?.angle ?? 0;
    const device = quat.fromValues(...deviceOrientationQuat(event.alpha, event.beta, event.gamma, screenAngle));
    const pose = this.view.getCamera();
    if (!this.deviceBase) {
      this.deviceBase = { device: quat.clone(device), camera: quat.fromValues(...pose.orientation) };
      return;
    }
    // Turn the camera by how far the device turned since the first reading.
    const delta = quat.multiply(quat.create(), quat.invert(quat.create(), this.deviceBase.device), device);
    const q = quat.multiply(quat.create(), this.deviceBase.camera, delta);
    this.view.setCamera({ position: pose.position, orientation: [q[0], q[1], q[2], q[3]] });
  }

  private setMoving(moving: boolean): void {
    if (this.moving === moving) return;
    this.moving = moving;
    this.handlers.onMovingChange(moving);
  }

  /**
   * The tick is a run of the page's frame queue (src/timing/frameQueue.ts), not an animation frame of
   * its own: it moves the camera in the frame callback that then draws it (the queue's draws come
   * after its runs). As an animation frame of its own it came after the scene's frame in a flight, so
   * each move was drawn a frame later, and the page asked two animation frames a frame.
   */
  private readonly tickAtFrame = () => this.tick();

  private tick(): void {
    if (pageHidden()) return;
    // performance.now(), not the frame's timestamp, which can precede the wake-up and come out negative.
    const now = performance.now();
    const frames = Math.min(Math.max(now - this.lastFrameTime, 0) / FRAME_MS, MAX_FRAMES_PER_TICK);
    this.lastFrameTime = now;
    const motion = motionOf([...this.held, ...this.releasedUnseen]);
    if (frames > 0) {
      this.releasedUnseen.clear();
      for (const key of this.held) this.seen.add(key);
    }
    if (this.touches === 1) motion.move[2] -= 1;
    if (this.touches >= 2) motion.move[2] += 1;
    const steering = this.handlers.isSteering() && this.steeringPointer !== undefined;
    if (steering && this.steeringPointer) {
      const rect = this.element.getBoundingClientRect();
      const nx = ((this.steeringPointer.x - rect.left) / Math.max(rect.width, 1)) * 2 - 1;
      const ny = ((this.steeringPointer.y - rect.top) / Math.max(rect.height, 1)) * 2 - 1;
      motion.turn[0] -= ny * 0.25;
      motion.turn[1] -= nx * 0.25;
    }
    const active = motion.move.some((v) => v !== 0) || motion.turn.some((v) => v !== 0) || this.orbit !== undefined;
    const keepRunning = active || (this.handlers.isSteering() && !steering);
    if (this.orbit) {
      const { center, radius, msPerTurn, startAngle, startTime } = this.orbit;
      this.view.setCamera(orbitPose(center, radius, orbitAngle(startAngle, now - startTime, msPerTurn)));
    } else if (active && frames > 0) {
      const boost = this.shift ? SHIFT_MULTIPLIER : 1;
      const pose: CameraPose = advancePose(
        this.view.getCamera(),
        motion,
        movementSpeed(this.view.sceneHalfSize()) * boost,
        ROLL_SPEED * boost,
        frames,
      );
      this.view.setCamera(pose);
    }
    this.setMoving(active);
    if (keepRunning) frameQueue.add(this.tickAtFrame);
  }
}

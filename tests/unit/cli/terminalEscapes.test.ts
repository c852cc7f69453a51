import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printable } from '../../../src/cli/terminalText';

/** Issue 11: labels and names from data cannot drive the terminal through inspect or build output. */
const TITLE = '\u001b]0;pwned\u0007';
const CLEAR = '\u001b[2J\u001b[H';
const C1_CSI = '\u009b31m';
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let root: string;

function cli(args: string[]) {
  return spawnSync(process.execPath, ['bin/galaxy.js', ...args], { encoding: 'utf8', timeout: 60_000 });
}

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'galaxy-terminal-'));
  // The hub (most in- and out-links, so inspect prints its name) is named with escape sequences.
  const hub = `${TITLE}${CLEAR}hub`;
  const nodes = [hub, `${C1_CSI}red`, 'a', 'b', 'c'].map((id) => ({ id }));
  const links = [
    ...['a', 'b', 'c', `${C1_CSI}red`].map((source) => ({ source, target: hub })),
    ...['a', 'b', 'c'].map((target) => ({ source: hub, target })),
  ];
  writeFileSync(path.join(root, 'hostile.json'), JSON.stringify({ nodes, links }));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('terminal output from data', () => {
  it('shows control characters as visible escapes and leaves other text alone', () => {
    expect(printable(TITLE)).toBe('\\x1b]0;pwned\\x07');
    expect(printable(C1_CSI)).toBe('\\x9b31m');
    expect(printable('line\nbreak\u202eevil')).toBe('line\\x0abreak\\u202eevil');
    expect(printable('café 日本 ⛾')).toBe('café 日本 ⛾');
  });

  it('galaxy build and galaxy inspect print hostile labels escaped', () => {
    const build = cli(['build', path.join(root, 'hostile.json'), '--name', 'hostile', '--out', root, '--version-name', 'v1', '--iterations', '2', '--threads', '1', '--no-progress']);
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout + build.stderr).not.toMatch(RAW_CONTROL);

    const inspect = cli(['inspect', path.join(root, 'hostile')]);
    expect(inspect.status, inspect.stderr).toBe(0);
    expect(inspect.stdout).not.toMatch(RAW_CONTROL);
    expect(inspect.stdout).toContain('max in-degree: 4 (\\x1b]0;pwned\\x07\\x1b[2J\\x1b[Hhub)');

    const json = cli(['inspect', path.join(root, 'hostile'), '--json']);
    expect(json.status).toBe(0);
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    const report = JSON.parse(json.stdout) as { maxInDegree: { node: string } };
    expect(report.maxInDegree.node).toBe(`${TITLE}${CLEAR}hub`);
  });

  it('galaxy build escapes data quoted in its error messages', () => {
    const evil = path.join(root, `evil${CLEAR}.csv`);
    writeFileSync(evil, '# nothing here\n');
    const build = cli(['build', evil, '--name', 'evil', '--out', root, '--no-progress']);
    expect(build.status).toBe(1);
    expect(build.stderr).not.toMatch(RAW_CONTROL);
    expect(build.stderr).toContain('evil\\x1b[2J\\x1b[H.csv');
  });
});

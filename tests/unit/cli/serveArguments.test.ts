import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Issue 11: `galaxy serve` on something that is not a folder stops at once with a reason. */
function serve(target: string) {
  return spawnSync(process.execPath, ['bin/galaxy.js', 'serve', target, '--port', '0', '--host', '127.0.0.1'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('galaxy serve arguments', () => {
  it('exits non-zero, without listening, when given a file', () => {
    const result = serve('package.json');
    expect(result.signal, 'it kept running').toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('galaxy serve: package.json is not a folder');
    expect(result.stdout).not.toContain('serving');
  });

  it('exits non-zero when the folder does not exist', () => {
    const result = serve('no/such/folder');
    expect(result.signal, 'it kept running').toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('galaxy serve: no/such/folder does not exist');
  });
});

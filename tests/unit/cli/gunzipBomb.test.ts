import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('gunzip with a limit (galaxy build on a gzip inside a gzip, imports in memory)', () => {
  it('stops a one-member gzip bomb near the limit instead of unpacking it whole first', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/gunzipPeak.ts', '768', '16'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const { message, riseMegabytes } = JSON.parse(result.stdout) as { message: string; riseMegabytes: number };
    expect(message).toBe('inflates to more than 16 MB');
    // Unpacked whole, the 768 MB would raise the peak by at least that; the limit plus one 16 KiB piece's output is under 40 MB.
    expect(riseMegabytes).toBeLessThan(256);
  });
});

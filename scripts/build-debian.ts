/**
 * npm run galaxies:debian — the `debian-bookworm` galaxy (named after the machine's release): the
 * dependency graph of the Debian release this machine uses, from its package index
 * (`apt-cache dumpavail`; pass --update to run `apt-get update` first). Package metadata is
 * distributed by Debian under the licences of the packages it describes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rebuildBuiltIn } from './rebuildBuiltIn';

if (process.argv.includes('--update')) execFileSync('apt-get', ['update'], { stdio: 'inherit' });
const osRelease = readFileSync('/etc/os-release', 'utf8');
const codename = /^VERSION_CODENAME=(.*)$/m.exec(osRelease)?.[1]?.replace(/"/g, '') || 'debian';
const index = execFileSync('apt-cache', ['dumpavail'], { maxBuffer: 1 << 30 });
if (index.length === 0) throw new Error('apt-cache dumpavail printed nothing: run with --update (apt-get update) first');

const work = mkdtempSync(path.join(os.tmpdir(), 'galaxy-debian-'));
try {
  const input = path.join(work, 'Packages');
  writeFileSync(input, index);
  await rebuildBuiltIn({
    input,
    name: `debian-${codename}`,
    format: 'debian',
    version: `${codename}-${new Date().toISOString().slice(0, 10)}`,
    meta: {
      title: `Debian ${codename}`,
      description: `Every package of Debian ${codename} (amd64, main), linked to the packages it depends on.`,
      kind: 'debian',
    },
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}

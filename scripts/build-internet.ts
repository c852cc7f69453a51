/**
 * npm run galaxies:internet — the `internet` galaxy: the AS-level graph of the internet on
 * 22 July 2006, reconstructed by Mark Newman from University of Oregon Route Views BGP tables
 * (Route Views is AS 6447). Debian ships it in python3-graph-tool as collection/as-22july06.gt.gz
 * (public domain per the package's copyright file); the .deb is only downloaded and unpacked.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rebuildBuiltIn } from './rebuildBuiltIn';

const GRAPH_FILE = './usr/lib/python3/dist-packages/graph_tool/collection/as-22july06.gt.gz';

const work = mkdtempSync(path.join(os.tmpdir(), 'galaxy-internet-'));
try {
  execFileSync('apt-get', ['download', 'python3-graph-tool'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
  const deb = readdirSync(work).find((file) => file.endsWith('.deb'));
  if (!deb) throw new Error('apt-get download python3-graph-tool gave no .deb (run apt-get update first?)');
  execFileSync('sh', ['-c', `dpkg-deb --fsys-tarfile "${deb}" | tar -x "${GRAPH_FILE}"`], { cwd: work, stdio: 'inherit' });
  await rebuildBuiltIn({
    input: path.join(work, GRAPH_FILE),
    name: 'internet',
    format: 'graph-tool',
    version: '2006-07-22',
    labelPrefix: 'AS',
    meta: {
      title: 'The internet, 22 July 2006',
      description:
        'Autonomous systems linked when they exchange routes, from the BGP tables of the University of Oregon ' +
        'Route Views project (snapshot by Mark Newman, public domain).',
      kind: 'internet',
      vantage: { host: 'route-views.oregon-ix.net', asn: 6447 },
    },
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}

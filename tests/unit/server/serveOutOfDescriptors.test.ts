import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../support/httpProbe';

/**
 * Issue 11: out of file descriptors (a 48-descriptor limit and 60 downloads held open), `galaxy serve`
 * refuses what it cannot open or accept, and serves again once the clients let go: no crash.
 */
let root: string;
let child: ChildProcess;
let origin: string;
let stderr = '';

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'galaxy-emfile-'));
  mkdirSync(path.join(root, 'big', 'v1'), { recursive: true });
  writeFileSync(path.join(root, 'big', 'manifest.json'), '{"all":["v1"],"last":"v1"}');
  writeFileSync(path.join(root, 'big', 'v1', 'positions.bin'), Buffer.alloc(8 * 1024 * 1024, 1));
  child = spawn('sh', ['-c', 'ulimit -n 48 && exec "$0" --import tsx tests/support/serveProcess.ts "$1"', process.execPath, root], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`the server exited early (${code}): ${stderr}`)));
  });
}, 60_000);

afterAll(() => {
  if (child.exitCode === null) child.kill();
  rmSync(root, { recursive: true, force: true });
});

/** A download that reads its first chunk and then holds the connection (and the server's file) open. */
function heldDownload(): Promise<ClientRequest> {
  return new Promise((resolve) => {
    const req = request(`${origin}/data/big/v1/positions.bin`, { agent: false }, (res) => {
      res.once('data', () => {
        res.pause();
        resolve(req);
      });
    });
    req.on('error', () => resolve(req));
    req.end();
  });
}

describe('galaxy serve out of descriptors', () => {
  it('keeps running and serves again once clients let go', async () => {
    const held = await Promise.all(Array.from({ length: 60 }, heldDownload));
    const during = await Promise.all(
      Array.from({ length: 10 }, () => probe(origin, '/data/big/manifest.json').then((r) => r.status, () => 0)),
    );
    expect(child.exitCode, `the server crashed: ${stderr}`).toBeNull();
    for (const req of held) req.destroy();
    let ok = 0;
    for (let attempt = 0; attempt < 50 && ok === 0; attempt++) {
      const response = await probe(origin, '/data/big/manifest.json').catch(() => ({ status: 0 }));
      if (response.status === 200) ok++;
      if (child.exitCode !== null) break;
    }
    expect(ok, `served again (statuses while full: ${during.join(',')})`).toBe(1);
    expect(child.exitCode, `the server crashed: ${stderr}`).toBeNull();
  }, 60_000);
});

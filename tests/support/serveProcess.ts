// A `galaxy serve` server in a process of its own, for tests that watch its descriptors and memory:
// node --expose-gc --import tsx tests/support/serveProcess.ts <data root>
// Prints "listening <port>" on loopback; on an IPC message "memory" it collects garbage and replies
// with process.memoryUsage().
import type { AddressInfo } from 'node:net';
import { startServer } from '../../src/cli/serve/serveGalaxies';

const server = await startServer({ dataRoot: process.argv[2], port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
process.on('message', (message) => {
  if (message !== 'memory') return;
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  process.send?.(process.memoryUsage());
});
process.on('disconnect', () => server.close(() => process.exit(0)));

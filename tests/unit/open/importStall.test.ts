import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALL_LIMIT_MS } from '../../../src/data/loadTypes';
import { importGraphFile, type ImportOutcome } from '../../../src/open/importGraphFile';
import type { ImportPhase, ImportReply } from '../../../src/open/importProtocol';
import { FakeWorker } from '../../support/fakeWorker';

/** Issue "Hostile input, round three", item 10: an address that stalls gives up as a galaxy download does. */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const progress = (worker: FakeWorker<ImportReply>, phase: ImportPhase, loaded: number) => worker.reply({ type: 'progress', phase, loaded, total: undefined });

function start(source: Parameters<typeof importGraphFile>[0]): { worker: FakeWorker<ImportReply>; outcome: () => ImportOutcome | undefined } {
  vi.useFakeTimers();
  vi.stubGlobal('Worker', FakeWorker);
  let outcome: ImportOutcome | undefined;
  void importGraphFile(source, { budget: 1 << 30 }).then((result) => (outcome = result));
  return { worker: FakeWorker.last as FakeWorker<ImportReply>, outcome: () => outcome };
}

describe('an address that stalls', () => {
  it('fails after STALL_LIMIT_MS without a byte, naming the address’s file, and ends the worker', async () => {
    const { worker, outcome } = start({ kind: 'url', url: 'http://127.0.0.1:9/files/slow.csv?raw=1' });
    // Bytes keep it alive: 25 s, a chunk, 25 s more is still within the limit.
    await vi.advanceTimersByTimeAsync(STALL_LIMIT_MS - 5000);
    progress(worker, 'reading', 100);
    await vi.advanceTimersByTimeAsync(STALL_LIMIT_MS - 5000);
    expect(outcome()).toBeUndefined();
    expect(worker.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(outcome()).toEqual({ kind: 'error', message: 'The download of “slow.csv” stalled: nothing arrived for 30 seconds' });
    expect(worker.terminated).toBe(true);
  });

  it('is not timed once its bytes are in: parsing may be silent for long', async () => {
    const { worker, outcome } = start({ kind: 'url', url: 'http://127.0.0.1:9/big.graphml' });
    progress(worker, 'reading', 100);
    progress(worker, 'parsing', 0);
    await vi.advanceTimersByTimeAsync(10 * STALL_LIMIT_MS);
    expect(outcome()).toBeUndefined();
    expect(worker.terminated).toBe(false);
  });

  it('a file the visitor chose is not timed', async () => {
    const { worker, outcome } = start({ kind: 'file', file: new File(['a,b\n'], 'slow.csv') });
    await vi.advanceTimersByTimeAsync(10 * STALL_LIMIT_MS);
    expect(outcome()).toBeUndefined();
    expect(worker.terminated).toBe(false);
  });
});

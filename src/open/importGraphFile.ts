import { stallWatchdog } from '../data/fetch/stallWatchdog';
import { STALL_LIMIT_MS, stalledFileMessage } from '../data/loadTypes';
import { baseName } from '../importers/fileName';
import type { GraphFormat } from '../importers/types';
import type { ImportedFiles, ImportPhase, ImportReply, ImportRequest, ImportSource } from './importProtocol';

export interface ImportProgress {
  phase: ImportPhase;
  loaded: number;
  total: number | undefined;
}

export type ImportOutcome =
  | { kind: 'done'; files: ImportedFiles }
  | { kind: 'error'; message: string }
  | { kind: 'too-big'; neededBytes: number; budget: number }
  | { kind: 'cancelled' };

/** The file name the visitor knows a source by: the chosen file's, or the last part of the address. */
export function sourceName(source: ImportSource): string {
  if (source.kind === 'file') return source.file.name;
  try {
    return baseName(new URL(source.url).pathname) || source.url;
  } catch {
    return source.url;
  }
}

/**
 * Imports a graph file in a Web Worker with the CLI's importers. Aborting `signal` terminates the
 * worker at once (the only way to stop a parse in progress); nothing is kept by the worker. An
 * address whose host sends nothing for `stallLimitMs` while it is read (before or after its headers)
 * has stalled, as a galaxy download does (STALL_LIMIT_MS).
 */
export function importGraphFile(
  source: ImportSource,
  options: { budget: number; format?: GraphFormat; signal?: AbortSignal; onProgress?: (progress: ImportProgress) => void; stallLimitMs?: number },
): Promise<ImportOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
    const stallLimit = options.stallLimitMs ?? STALL_LIMIT_MS;
    // Only an address's download is watched: parsing reports no progress for some formats, however long it takes.
    const watchdog =
      source.kind === 'url' ? stallWatchdog(stallLimit, () => finish({ kind: 'error', message: stalledFileMessage(sourceName(source), stallLimit) })) : undefined;
    const finish = (outcome: ImportOutcome) => {
      watchdog?.stop();
      worker.terminate();
      options.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => finish({ kind: 'cancelled' });
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<ImportReply>) => {
      const message = event.data;
      if (message.type === 'progress') {
        if (message.phase === 'reading') watchdog?.progressed();
        else watchdog?.stop();
        options.onProgress?.({ phase: message.phase, loaded: message.loaded, total: message.total });
      } else if (message.type === 'done') finish({ kind: 'done', files: message.files });
      else if (message.type === 'too-big') finish({ kind: 'too-big', neededBytes: message.neededBytes, budget: message.budget });
      else finish({ kind: 'error', message: message.message });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish({ kind: 'error', message: `The import stopped: ${event.message || 'the worker failed (out of memory?)'}` });
    };
    worker.postMessage({ source, budget: options.budget, format: options.format } satisfies ImportRequest);
  });
}

import { formatCompleted } from './fetch/download';
import { stallWatchdog } from './fetch/stallWatchdog';
import { GalaxyLoadError, type EarlyPositions, type LoadOptions, STALL_LIMIT_MS, stalledMessage } from './loadTypes';

/**
 * The bytes of positions.bin the page asked for early, awaited with the loader's progress, stall
 * limit (counted from the last bytes that arrived, before the loader ran too) and cancellation;
 * undefined when the early download failed, for the loader to ask again and say why.
 */
export function earlyPositionsBytes(name: string, positions: EarlyPositions, options: LoadOptions): Promise<ArrayBuffer | undefined> {
  const limitMs = options.stallLimitMs ?? STALL_LIMIT_MS;
  const report = (completed: string) => options.onProgress?.({ message: `${name}: downloading positions`, completed });
  report('0%');
  return new Promise<ArrayBuffer | undefined>((resolve, reject) => {
    const fail = (error: GalaxyLoadError) => {
      finish();
      positions.abort();
      reject(error);
    };
    const onAbort = () => fail(new GalaxyLoadError(`Cancelled download of ${positions.url}`, 'cancelled'));
    const quietFor = performance.now() - positions.quietSince();
    const watchdog = stallWatchdog(limitMs, () => fail(new GalaxyLoadError(stalledMessage(name, limitMs), 'stalled')), Math.max(0, limitMs - quietFor));
    const finish = () => {
      watchdog.stop();
      options.signal?.removeEventListener('abort', onAbort);
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    positions.watch((loaded, total) => {
      watchdog.progressed();
      report(formatCompleted(loaded, total));
    });
    void positions.bytes.then((bytes) => {
      finish();
      resolve(bytes);
    });
  });
}

/**
 * `promise`, or a rejection with `reason()` as soon as `signal` aborts; what arrives after that goes
 * to `onLate` (something nobody will use may still need disposing).
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, reason: () => unknown, onLate?: (value: T) => void): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) onLate?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** A download's watchdog: `progressed()` when something arrived; `onStall` runs once nothing has for `limitMs`. */
export interface StallWatchdog {
  progressed(): void;
  stop(): void;
}

/**
 * Starts a watchdog (docs/rules.md#data-and-loading, STALL_LIMIT_MS): armed now for `firstLimitMs`
 * (less than the limit when the download was already quiet a while), re-armed by each progressed().
 */
export function stallWatchdog(limitMs: number, onStall: () => void, firstLimitMs = limitMs): StallWatchdog {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const arm = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => {
      stopped = true;
      onStall();
    }, ms);
  };
  arm(firstLimitMs);
  return {
    progressed: () => arm(limitMs),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

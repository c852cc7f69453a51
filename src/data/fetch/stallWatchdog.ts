/** A download's watchdog: `progressed()` when something arrived; `onStall` runs once nothing has for `limitMs`. */
export interface StallWatchdog {
  progressed(): void;
  stop(): void;
}

/** Starts a watchdog (docs/rules.md#data-and-loading, STALL_LIMIT_MS): armed now, re-armed by each progressed(). */
export function stallWatchdog(limitMs: number, onStall: () => void): StallWatchdog {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const arm = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => {
      stopped = true;
      onStall();
    }, limitMs);
  };
  arm();
  return {
    progressed: arm,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

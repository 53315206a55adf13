/**
 * Ctrl-C in two steps: the first drains (no new work; what is running finishes and is saved),
 * the second aborts what is running (generation requests are redone on resume), the third
 * quits at once.
 */
export interface StopSignals {
  drain: AbortSignal;
  abort: AbortSignal;
}

export function installStopSignals(): { signals: StopSignals; uninstall: () => void } {
  const drain = new AbortController();
  const abort = new AbortController();
  const onInterrupt = () => {
    if (abort.signal.aborted) process.exit(130);
    if (drain.signal.aborted) {
      process.stderr.write('\npassk: aborting what is running (Ctrl-C again to quit now)\n');
      abort.abort();
      return;
    }
    process.stderr.write(
      '\npassk: interrupted; finishing what is running and saving it (Ctrl-C again to abort)\n',
    );
    drain.abort();
  };
  process.on('SIGINT', onInterrupt);
  return {
    signals: { drain: drain.signal, abort: abort.signal },
    uninstall: () => process.off('SIGINT', onInterrupt),
  };
}

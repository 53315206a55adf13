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

/**
 * The second Ctrl-C while programs are judged: the running programs are the user's to stop, so
 * quit now (their sandboxes die with this process) rather than wait for them; nothing more is
 * written. Returns the listener's remover.
 */
export function quitWhenAborted(abort: AbortSignal, when: () => boolean = () => true): () => void {
  const quit = () => {
    if (!when()) return;
    process.stderr.write('passk: stopped; nothing more was saved\n');
    process.exit(130);
  };
  abort.addEventListener('abort', quit, { once: true });
  return () => abort.removeEventListener('abort', quit);
}

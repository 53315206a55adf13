import { formatDuration, type GenerationProgress, generationProgressReporter } from '../index.js';

/** What the CLI tells the user while a model generates: retries, replica health, progress. */
export interface GenerationOutput {
  onRetry: (message: string, delayMs: number) => void;
  onNotice: (message: string) => void;
  onProgress: (progress: GenerationProgress) => void;
  /** Stops the periodic progress line. */
  stop: () => void;
}

/** Retry lines are rate-limited: a 30% error rate over 10 000 samples must not flood the log. */
const RETRY_LINE_INTERVAL_MS = 5000;

/**
 * On a terminal the progress bar is drawn as before; off a terminal (CI, Kubernetes logs,
 * pipes) a progress line is printed every `intervalMs` instead of nothing, so a hung or slow
 * run is visible. Retries are shown (at most one line per 5 s, with the count so far) and
 * notices (a replica failing or back, every replica down, a fallback) always.
 */
export function generationOutput(
  stream: NodeJS.WriteStream = process.stderr,
  intervalMs = 30_000,
): GenerationOutput {
  const tty = stream.isTTY === true;
  const bar = generationProgressReporter(stream);
  let latest: GenerationProgress | undefined;
  let retries = 0;
  let lastRetryLine = -Infinity;
  const write = (line: string) => stream.write(`${tty ? '\r\x1b[2K' : ''}${line}\n`);
  const timer = tty
    ? undefined
    : setInterval(() => write(progressLine(latest, retries)), intervalMs).unref();
  return {
    onRetry: (message, delayMs) => {
      retries++;
      const now = performance.now();
      if (now - lastRetryLine < RETRY_LINE_INTERVAL_MS) return;
      lastRetryLine = now;
      write(`passk: retrying in ${(delayMs / 1000).toFixed(1)} s (${retries} so far): ${message}`);
    },
    onNotice: (message) => write(`passk: ${message}`),
    onProgress: (progress) => {
      latest = progress;
      bar(progress);
    },
    stop: () => clearInterval(timer),
  };
}

export function progressLine(p: GenerationProgress | undefined, retries: number): string {
  if (p === undefined)
    return `passk: generating: waiting for the first answer (${retries} retries)`;
  const eta = p.etaMs === undefined ? '?' : formatDuration(p.etaMs);
  const resumed = p.alreadyDone > 0 ? ` (+${p.alreadyDone} resumed)` : '';
  return `passk: generating ${p.done}/${p.total}${resumed} · ${p.tokensPerSecond.toFixed(0)} tok/s · ${p.failed} failed · ${retries} retries · ${formatDuration(p.elapsedMs)} elapsed · ETA ${eta}`;
}

import type { RunEvent, RunEventListener } from '../execution/events.js';
import type { GenerationProgress } from '../generation/types.js';
import { oneLine } from './terminal.js';

/**
 * A one-line progress bar with ETA and running pass rate, redrawn in place on a terminal.
 * Off the terminal (CI logs, pipes) a progress line every `intervalMs` while programs run, on a
 * timer as generation prints it, so a scoring whose programs run for minutes is not silent
 * between verdicts; a scoring shorter than the interval prints none.
 */
export function progressReporter(
  stream: NodeJS.WriteStream = process.stderr,
  intervalMs = 30_000,
): RunEventListener {
  const tty = stream.isTTY === true;
  let started = 0;
  let lastDraw = 0;
  let latest: Progress = { done: 0, total: 0, passed: 0 };
  let timer: NodeJS.Timeout | undefined;
  const stopTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const printLine = () =>
    stream.write(`passk: scoring ${scoringLine(latest, performance.now() - started)}\n`);
  return (event: RunEvent) => {
    switch (event.type) {
      case 'warning':
        if (tty) stream.write('\r\x1b[2K');
        stream.write(`passk: warning: ${oneLine(event.message)}\n`);
        return;
      case 'progress':
        if (tty) stream.write('\r\x1b[2K');
        stream.write(`passk: ${oneLine(event.message)}\n`);
        return;
      case 'execution-start':
        started = performance.now();
        latest = { done: 0, total: event.programs, passed: 0 };
        stopTimer();
        // unref: a line every interval must not keep a finished process alive
        if (!tty) timer = setInterval(printLine, Math.max(1, intervalMs)).unref();
        return;
      case 'execution-done':
        stopTimer();
        return;
      case 'verdict': {
        latest = event;
        if (!tty) {
          if (event.done === event.total) stopTimer();
          return;
        }
        // Redraw at most ~20 times a second: a bar per verdict would cost more than the verdict.
        const now = performance.now();
        if (now - lastDraw < 50 && event.done !== event.total) return;
        lastDraw = now;
        stream.write(`\r\x1b[2K${progressLine(event, now - started, stream.columns ?? 80)}`);
        if (event.done === event.total) stream.write('\n');
        return;
      }
      default:
        return;
    }
  };
}

/** How far scoring is: programs judged, of how many, and how many passed. */
type Progress = { done: number; total: number; passed: number };

type VerdictEvent = Extract<RunEvent, { type: 'verdict' }>;

export function progressLine(event: VerdictEvent, elapsedMs: number, columns: number): string {
  const fraction = event.total === 0 ? 1 : event.done / event.total;
  const rate = event.done === 0 ? 0 : event.passed / event.done;
  const etaMs = event.done === 0 ? 0 : (elapsedMs / event.done) * (event.total - event.done);
  const text = ` ${event.done}/${event.total} ${(fraction * 100).toFixed(0)}% · pass ${(rate * 100).toFixed(1)}% · ETA ${formatDuration(etaMs)}`;
  const width = Math.max(10, Math.min(40, columns - text.length - 2));
  const filled = Math.round(fraction * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${text}`;
}

/**
 * Off a terminal: `done/total (pct) · pass rate · elapsed · ETA`, as generation's line (the ETA
 * is `?` until a first program is judged).
 */
function scoringLine(p: Progress, elapsedMs: number): string {
  const percent = p.total === 0 ? 100 : (p.done / p.total) * 100;
  const rate = p.done === 0 ? 0 : (p.passed / p.done) * 100;
  const eta = p.done === 0 ? '?' : formatDuration((elapsedMs / p.done) * (p.total - p.done));
  return `${p.done}/${p.total} programs (${percent.toFixed(0)}%) · pass ${rate.toFixed(1)}% · ${formatDuration(elapsedMs)} elapsed · ETA ${eta}`;
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** Generation progress (samples, tokens/s, ETA, failures) on a terminal; quiet elsewhere. */
export function generationProgressReporter(
  stream: NodeJS.WriteStream = process.stderr,
): (progress: GenerationProgress) => void {
  let lastDraw = 0;
  return (p) => {
    if (stream.isTTY !== true) return;
    const now = performance.now();
    if (now - lastDraw < 100 && p.done !== p.total) return;
    lastDraw = now;
    const eta = p.etaMs === undefined ? '?' : formatDuration(p.etaMs);
    const resumed = p.alreadyDone > 0 ? ` (+${p.alreadyDone} resumed)` : '';
    stream.write(
      `\r\x1b[2Kgenerating ${p.done}/${p.total}${resumed} · ${p.tokensPerSecond.toFixed(0)} tok/s · ${p.failed} failed · ETA ${eta}`,
    );
    if (p.done === p.total) stream.write('\n');
  };
}

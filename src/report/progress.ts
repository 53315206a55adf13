import type { RunEvent, RunEventListener } from '../execution/events.js';
import type { GenerationProgress } from '../generation/types.js';
import { oneLine } from './terminal.js';

/**
 * A one-line progress bar with ETA and running pass rate, redrawn in place on a terminal.
 * Off the terminal (CI logs, pipes) a progress line once `intervalMs` has passed since the last
 * one (or since scoring started), as generation prints, so a long scoring is not silent; a short
 * one prints none.
 */
export function progressReporter(
  stream: NodeJS.WriteStream = process.stderr,
  intervalMs = 30_000,
): RunEventListener {
  const tty = stream.isTTY === true;
  let started = 0;
  let lastDraw = 0;
  let lastLine = 0;
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
        lastLine = started;
        return;
      case 'verdict': {
        const now = performance.now();
        if (!tty) {
          if (now - lastLine < intervalMs) return;
          lastLine = now;
          stream.write(`passk: scoring ${scoringLine(event, now - started)}\n`);
          return;
        }
        // Redraw at most ~20 times a second: a bar per verdict would cost more than the verdict.
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

/** Off a terminal: `done/total (pct) · pass rate · elapsed · ETA`, as generation's line. */
function scoringLine(event: VerdictEvent, elapsedMs: number): string {
  const percent = event.total === 0 ? 100 : (event.done / event.total) * 100;
  const rate = event.done === 0 ? 0 : (event.passed / event.done) * 100;
  const etaMs = event.done === 0 ? 0 : (elapsedMs / event.done) * (event.total - event.done);
  return `${event.done}/${event.total} programs (${percent.toFixed(0)}%) · pass ${rate.toFixed(1)}% · ${formatDuration(elapsedMs)} elapsed · ETA ${formatDuration(etaMs)}`;
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

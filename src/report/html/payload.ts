import type { RunRecord } from '../../store/records.js';

/** A sample as the page script sees it; numbers in `prompt`/`program`/… index `texts`. */
export interface PayloadSample {
  /** Index into the run's `problems`. */
  p: number;
  s: number;
  status: string | null;
  errorType: string | null;
  message: string | null;
  durationMs: number | null;
  program: number;
}

export interface PayloadRun {
  label: string;
  problems: { id: string; prompt: number; tests: number }[];
  /** In the same order as the grid's cells (`data-i`). */
  samples: PayloadSample[];
}

/** The JSON the page carries: only what the detail panel shows, with texts stored once. */
export interface ReportPayload {
  texts: string[];
  runs: PayloadRun[];
}

/**
 * Builds the page's data. Programs repeat (the same greedy sample, shared prompts across two
 * runs of one benchmark), so every text is stored once in `texts` and referred to by index.
 */
export function buildPayload(runs: readonly RunRecord[], labels: readonly string[]): ReportPayload {
  const texts: string[] = [];
  const seen = new Map<string, number>();
  const text = (body: string): number => {
    let index = seen.get(body);
    if (index === undefined) {
      index = texts.push(body) - 1;
      seen.set(body, index);
    }
    return index;
  };
  return {
    texts,
    runs: runs.map((run, r) => {
      const position = new Map(run.problems.map((p, i) => [p.id, i]));
      return {
        label: labels[r] ?? run.summary.id,
        problems: run.problems.map((p) => ({
          id: p.id,
          prompt: text(p.prompt),
          tests: text(p.tests),
        })),
        samples: run.samples.map((s) => ({
          p: position.get(s.problemId) ?? -1,
          s: s.sample,
          status: s.verdict?.status ?? null,
          errorType: s.verdict?.errorType ?? null,
          message: s.verdict?.message ?? null,
          durationMs: s.verdict?.durationMs ?? null,
          program: text(s.program),
        })),
      };
    }),
  };
}

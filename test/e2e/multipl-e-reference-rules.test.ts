import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

/**
 * Issue 29 items 7-9: under bigcode's `multiple-*` names passk scores as MultiPL-E's evaluators
 * (bigcode_eval/tasks/custom_metrics/multiple_metrics/eval_<lang>.py): their time limits, Node's
 * loose `assert.deepEqual`, Racket failing on any stderr, Perl on "ERROR". Each case is
 * completion → the evaluator's verdict, worked out from its code; an early exit(0) passes there
 * but stays failed here (a recorded difference).
 */
const dataDir = requireData(
  'multipl-e/humaneval-js.jsonl',
  'multipl-e/humaneval-rkt.jsonl',
  'multipl-e/humaneval-pl.jsonl',
);

interface Case {
  completion: string;
  /** MultiPL-E's evaluator passes it. */
  reference: boolean;
  /** passk passes it (differs from `reference` only where a difference is recorded). */
  passk: boolean;
}

/** HumanEval_23_strlen, the first problem of each file. */
const CASES: Record<string, { timeoutMs: number; cases: Case[] }> = {
  js: {
    timeoutMs: 5_000,
    cases: [
      { completion: '  return string.length;\n}\n', reference: true, passk: true },
      // '0' == 0 under the legacy deepEqual: a pass there, strict would fail it
      { completion: '  return String(string.length);\n}\n', reference: true, passk: true },
      { completion: '  return string.length + 1;\n}\n', reference: false, passk: false },
      { completion: '  process.exit(0);\n}\n', reference: true, passk: false },
    ],
  },
  rkt: {
    timeoutMs: 15_000,
    cases: [
      { completion: '  (string-length string))\n', reference: true, passk: true },
      {
        completion: '  (eprintf "debug\\n")\n  (string-length string))\n',
        reference: false,
        passk: false,
      },
      { completion: '  (+ 1 (string-length string)))\n', reference: false, passk: false },
    ],
  },
  pl: {
    timeoutMs: 15_000,
    cases: [
      { completion: '    return length($string);\n}\n', reference: true, passk: true },
      {
        completion: '    print STDERR "ERROR: none\\n";\n    return length($string);\n}\n',
        reference: false,
        passk: false,
      },
      {
        completion: '    print STDERR "warning\\n";\n    return length($string);\n}\n',
        reference: true,
        passk: true,
      },
      { completion: '    return length($string) + 1;\n}\n', reference: false, passk: false },
    ],
  },
};

interface Row {
  prompt: string;
}

interface Outcome {
  code: number | null;
  stderr: string;
  statuses: string[];
  errorTypes: (string | undefined)[];
  metrics: Record<string, unknown>;
}

async function score(suffix: string, completions: string[]): Promise<Outcome> {
  const file = join(dataDir, `multipl-e/humaneval-${suffix}.jsonl`);
  const row = JSON.parse((await readFile(file, 'utf8')).split('\n')[0]!) as Row;
  const dir = await tempDir();
  const generations = join(dir, 'generations.json');
  // bigcode's generations.json: per problem, the whole programs (prompt + completion).
  await writeFile(generations, JSON.stringify([completions.map((c) => `${row.prompt}${c}`)]));
  const out = join(dir, 'out');
  const { code, stderr } = await runCli([
    ...['evaluate', '--task', `multiple-${suffix}`, '--allow-code-execution', '--limit', '1'],
    ...['--data-dir', dataDir, '--generations', generations, '--output-dir', out, '--k', '1'],
  ]);
  if (code !== 0) return { code, stderr, statuses: [], errorTypes: [], metrics: {} };
  const results = (await readFile(join(out, 'results.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { sample: number; status: string; error_type?: string })
    .sort((a, b) => a.sample - b.sample);
  const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
  return {
    code,
    stderr,
    statuses: results.map((r) => r.status),
    errorTypes: results.map((r) => r.error_type),
    metrics,
  };
}

describe.each(Object.entries(CASES))(
  "multiple-%s scores as MultiPL-E's evaluator",
  (suffix, spec) => {
    let outcome: Outcome;
    beforeAll(async () => {
      outcome = await score(
        suffix,
        spec.cases.map((c) => c.completion),
      );
    }, 240_000);

    it('each completion gets the verdict of the reference, but for the recorded early exit', () => {
      expect(outcome.code, outcome.stderr).toBe(0);
      expect(outcome.statuses.map((s) => s === 'passed')).toEqual(spec.cases.map((c) => c.passk));
      const differs = spec.cases.filter((c) => c.passk !== c.reference);
      // the only difference passk keeps: an early exit(0) is never a pass, and it is recorded
      expect(differs.every((c) => /exit/.test(c.completion))).toBe(true);
      if (differs.length > 0) {
        const rows = outcome.metrics['reference_differences'] as string[];
        expect(rows.some((r) => r.startsWith('exit: ') && r.includes('passes MultiPL-E'))).toBe(
          true,
        );
      }
    });

    it("the run's time limit is the evaluator's for the language", () => {
      const config = outcome.metrics['config'] as Record<string, unknown>;
      expect(config['timeout_ms']).toBe(spec.timeoutMs);
    });
  },
);

describe('multiple-js reports the strict figure beside the loose one', () => {
  it('strict_equality_pass_at_k counts the loose-only pass as failed', async () => {
    const { code, stderr, metrics, errorTypes } = await score('js', [
      '  return String(string.length);\n}\n',
      '  return string.length;\n}\n',
    ]);
    expect(code, stderr).toBe(0);
    expect(errorTypes[0]).toBe('LooseEqualityOnly');
    expect((metrics['multiple-js'] as Record<string, number>)['pass@1']).toBe(1);
    expect(metrics['strict_equality_pass_at_k']).toEqual({ 'pass@1': 0.5 });
  }, 240_000);
});

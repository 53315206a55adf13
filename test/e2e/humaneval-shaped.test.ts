import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { humanEvalPath, loadHumanEval } from '../../bench/exec-helpers.js';
import {
  DEFAULT_SHARES,
  humanEvalShaped,
  type KindShares,
  kindQuotas,
  type ShapedSample,
  SharesError,
  toJsonl,
} from '../../bench/samples/humaneval-shaped.js';
import { runCli, tempDir } from '../helpers/cli.js';

/**
 * The bench's real-model-shaped HumanEval samples (bench/samples/humaneval-shaped.ts) are scored
 * as they were written to be: by the real CLI in the real sandbox, correct ones pass, each
 * failing kind fails the way it was meant to, loops time out. A generator whose rewrites broke
 * (all failing, loops that end, "wrong" answers that pass) would price the judge on the wrong mix.
 */

const rows = loadHumanEval();

/** Every kind at least once over 2 problems × 8 samples. */
const EVERY_KIND: KindShares = {
  correct: 4 / 16,
  'wrong-answer': 1 / 16,
  'name-error': 1 / 16,
  'type-error': 1 / 16,
  'index-error': 1 / 16,
  'zero-division': 1 / 16,
  recursion: 1 / 16,
  'syntax-error': 1 / 16,
  'wrong-type': 1 / 16,
  printing: 2 / 16,
  'infinite-loop': 2 / 16,
};

/** The error type results.jsonl must show for a kind, where the kind fixes it. */
const ERROR_TYPE: Partial<Record<ShapedSample['kind'], RegExp>> = {
  'name-error': /^NameError$/,
  'type-error': /^TypeError$/,
  'index-error': /^IndexError$/,
  'zero-division': /^ZeroDivisionError$/,
  recursion: /^RecursionError$/,
  'syntax-error': /^(SyntaxError|IndentationError)$/,
  'infinite-loop': /^Timeout$/,
};

interface Verdict {
  task_id: string;
  sample: number;
  status: string;
  error_type?: string;
}

async function score(samples: readonly ShapedSample[]): Promise<Verdict[]> {
  const dir = await tempDir('passk-shaped-');
  const file = join(dir, 'samples.jsonl');
  await writeFile(file, toJsonl(samples));
  const dataDir = dirname(dirname(humanEvalPath()));
  const run = await runCli([
    ...['evaluate', '--task', 'humaneval', '--allow-code-execution', '--no-db'],
    ...['--data-dir', dataDir, '--generations', file, '--output-dir', join(dir, 'out')],
    ...['--timeout', '1', '--limit', '2'],
  ]);
  expect(run.code, run.stderr).toBe(0);
  const text = await readFile(join(dir, 'out', 'results.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Verdict);
}

describe('real-model-shaped HumanEval samples', () => {
  it('are scored as each kind was written to be', { timeout: 120_000 }, async () => {
    const samples = humanEvalShaped(rows.slice(0, 2), { samplesPerProblem: 8, shares: EVERY_KIND });
    const verdicts = await score(samples);
    expect(verdicts).toHaveLength(samples.length);
    const seen = verdicts.map((verdict) => {
      const index = rows.findIndex((row) => row.task_id === verdict.task_id) * 8 + verdict.sample;
      const { kind } = samples[index]!;
      const expectedType = ERROR_TYPE[kind];
      const asWritten =
        kind === 'correct'
          ? verdict.status === 'passed'
          : verdict.status !== 'passed' &&
            (!expectedType || expectedType.test(verdict.error_type ?? ''));
      return { kind, status: verdict.status, error_type: verdict.error_type, asWritten };
    });
    expect(seen.filter((s) => !s.asWritten)).toEqual([]);
    expect(seen.filter((s) => s.status === 'passed')).toHaveLength(4);
    expect(seen.filter((s) => s.status === 'timeout')).toHaveLength(2);
  });

  it('has the default shares over 16,400 samples and a stable text', () => {
    const kinds = kindQuotas(DEFAULT_SHARES, 16_400);
    const count = (kind: string) => kinds.filter((k) => k === kind).length;
    expect([kinds.length, count('correct'), count('infinite-loop')]).toEqual([16_400, 2952, 57]);
    const firstProblems = toJsonl(humanEvalShaped(rows.slice(0, 3)));
    const hash = createHash('sha256').update(firstProblems).digest('hex');
    expect(hash.slice(0, 16)).toBe('240946459341a8ff');
  });

  it('refuses shares that do not add up to 1', () => {
    expect(() => kindQuotas({ ...DEFAULT_SHARES, correct: 0.5 }, 100)).toThrow(SharesError);
  });
});

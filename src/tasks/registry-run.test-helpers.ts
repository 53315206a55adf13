/**
 * The registry's reference-run check, shared by the registry-run-*.test.ts files: each runs
 * some of the tasks (SHARDS), so vitest runs them side by side (a file is one worker) instead of
 * one file running all ~180 tasks in a row. Tasks of one language (or benchmark) stay in one
 * file, in order, so a program two tasks share (aliases, HumanEvalPack's variants) runs once
 * and is a verdict-cache hit the second time. registry.test.ts checks that the shards cover every task exactly once.
 * A file's tasks share one executor (evaluate's `executor` option), so each language's toolchain
 * is resolved and its sandboxed workers started once per file, not once per task.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RuntimeMissingError } from '../core/errors.js';
import { sharedDataDir } from '../datasets/index.js';
import { createExecutor, runtimes } from '../execution/index.js';
import type { Executor } from '../execution/types.js';
import { evaluate } from '../pipeline/evaluate.js';
import { loadProblems } from '../pipeline/problems.js';
import type { NotRunnable } from '../pipeline/runnable.js';
import { referencesRunnableHere } from '../pipeline/runnable.js';
import type { GenerationRecord } from '../store/records.js';
import { tasks } from './index.js';
import { BIGCODE_ALIASES } from './kit/bigcode-names.js';
import type { Task } from './types.js';

/**
 * Which tasks each shard file runs: the first shard whose test holds (in this order) takes the
 * task, and `rest` takes all others, so a new task or language is covered without editing this
 * table. Split by cost (CPU seconds on the 2-core machine): one Exercism C++ exercise compiles
 * its bundled Catch (~13 s each, ~80 s in all), the JVM and Exercism ones start a compiler and
 * a runtime per program (~50 s), DS-1000's programs import pandas, torch or scipy (~80 s), the
 * other Python tasks ~40 s, the other compiled languages ~100 s.
 */
export const SHARDS = {
  'exercism-cpp': (t) => t.language === 'exercism-cpp',
  jvm: (t) => t.language.startsWith('exercism-') || ['java', 'scala'].includes(t.language),
  ds1000: (t) => t.name.startsWith('ds1000'),
  python: (t) => t.language === 'python',
  rest: () => true,
} as const satisfies Record<string, (task: { name: string; language: string }) => boolean>;

export type ShardName = keyof typeof SHARDS;

/** The shard that runs this task. */
export function shardOf(task: { name: string; language: string }): ShardName {
  const shards = Object.entries(SHARDS) as [ShardName, (t: typeof task) => boolean][];
  return shards.find(([, takes]) => takes(task))![0];
}

/** Problems per task whose reference runs (few: CI runs every task, compiled ones included). */
const SAMPLE = 3;

/**
 * Problems run for a prompt-format variant (`TASK:codellama`, `:deepseek`, …: the same
 * problems, tests and references as TASK, prompted with another model's infilling tokens): one.
 * TASK itself runs SAMPLE, and registry.test.ts pins every variant's prompt; what the variant
 * adds, its prompt as a program failing the tests, shows on the first problem as on the third.
 */
const VARIANT_SAMPLE = 1;

const sampleOf = (name: string) => (name.includes(':') ? VARIANT_SAMPLE : SAMPLE);

/**
 * Leading problems whose reference is a CPU benchmark rather than a check of the task's wiring:
 * the sample starts after them. BigCodeBench/0's reference shuffles each of the 3.6 M
 * permutations of ten numbers (10 s of CPU, most of the python shard's); BigCodeBench/1-3 take
 * 0.1-0.2 s each, and /3 imports numpy, so the task's library mount is run as well. McEval's
 * Shell/1 forks ~750 `bc` processes (15-28 s on a loaded machine).
 */
const SLOW_REFERENCES = new Set(['BigCodeBench/0', 'Shell/1']);

/** Where the sample starts: after the leading problems in SLOW_REFERENCES. */
function sampleStart(problems: readonly { id: string }[]): number {
  const start = problems.findIndex((p) => !SLOW_REFERENCES.has(p.id));
  return start === -1 ? 0 : start;
}

/**
 * Tasks whose dataset is not among the shared data files run on a small file written for the
 * tests, in the same schema (the real data is downloaded from the Hub by users).
 */
const FIXTURE_DATA: Record<string, string> = {
  'instruct-humaneval': 'test/fixtures/instruct-protocol-mini.jsonl',
  'instruct-humaneval-nocontext': 'test/fixtures/instruct-protocol-mini.jsonl',
  stdio: 'test/fixtures/stdio-problems.jsonl',
  // A tree (every problem of it is built before its prompts exist): passk's own small problem.
  'library-checker': 'test/fixtures/library-checker',
  'library-checker-python': 'test/fixtures/library-checker',
};

export function datasetOf(name: string) {
  const fixture = FIXTURE_DATA[name];
  return fixture === undefined
    ? { dataDir: sharedDataDir(), offline: true }
    : { datasetPath: fileURLToPath(new URL(`../../${fixture}`, import.meta.url)), offline: true };
}

/** A task built from another run's samples gets the reference ones (e.g. the docstrings). */
export const inputOf = (task: Task) => (task.input === undefined ? {} : { taskInput: 'reference' });

export async function problemsOf(name: string) {
  const task = await tasks.get(name);
  const { problems } = await loadProblems(task, datasetOf(name), inputOf(task));
  return { task, problems };
}

const toolchainChecks = new Map<string, Promise<string | undefined>>();

/** Why the task's toolchain cannot run here, or undefined when it can (asked once per language). */
function missingToolchain(language: string): Promise<string | undefined> {
  let check = toolchainChecks.get(language);
  if (check === undefined) {
    check = findMissingToolchain(language);
    toolchainChecks.set(language, check);
  }
  return check;
}

async function findMissingToolchain(language: string): Promise<string | undefined> {
  if (!runtimes.has(language)) return `no runtime is registered for '${language}'`;
  try {
    await (await runtimes.get(language)).resolve({});
    return undefined;
  } catch (error) {
    if (error instanceof RuntimeMissingError) return error.message;
    throw error;
  }
}

/** The registered tasks a shard runs, in registry order. */
export async function namesOf(shard: ShardName): Promise<string[]> {
  const names: string[] = [];
  for (const name of tasks.names()) {
    if (shardOf(await tasks.get(name)) === shard) names.push(name);
  }
  return names;
}

/** Each of the shard's tasks passes its reference solutions and fails a wrong program. */
export async function describeReferenceRuns(shard: ShardName): Promise<void> {
  const names = await namesOf(shard);
  // One executor for the file's tasks, as a library user evaluating many tasks would hold one:
  // sandboxes, warm workers and toolchains start once per language (and per library
  // environment), not once per task. Made on first use: a shard whose tasks all skip makes none.
  let executor: Promise<Executor> | undefined;
  const shared = () => (executor ??= createExecutor({ allowCodeExecution: true, workers: 2 }));
  afterAll(async () => {
    await (await executor)?.close();
  });
  it('has tasks to run', () => expect(names.length, `shard '${shard}'`).toBeGreaterThan(0));
  describe.each(names)('registered task %s', (name) => {
    it('passes its reference solutions and fails a wrong program, in the real sandbox', async (ctx) => {
      // An alias is its target under another name (bigcode-prompts.test.ts checks that): the
      // target's own run covers it, and compiled languages are slow to run twice.
      if (BIGCODE_ALIASES[name] !== undefined) ctx.skip();
      const { task, problems } = await problemsOf(name);
      const missing = await missingToolchain(task.language);
      if (missing !== undefined) {
        // Loud on purpose: a skipped task is unverified, and the log must say so.
        console.warn(`SKIPPED registry check of '${name}': ${missing}`);
        ctx.skip();
      }
      if (task.generationOnly !== undefined) {
        // Its samples are not programs (HumanEvalPack's describe step): evaluating is refused.
        const run = evaluate({
          task,
          candidates: { kind: 'reference' },
          allowCodeExecution: true,
          limit: 1,
          db: false,
          dataset: datasetOf(name),
        });
        await expect(run).rejects.toThrow(/cannot be evaluated/);
        return;
      }
      const start = sampleStart(problems);
      const sample = problems.slice(start, start + sampleOf(name));
      // Sample 0: the reference (where the benchmark has one); sample 1: the prompt alone, a
      // function with no body or a missing definition, which every test suite must reject.
      const records: GenerationRecord[] = sample.flatMap((p) => [
        ...(p.reference === undefined
          ? []
          : [{ problemId: p.id, sample: 0, program: p.reference }]),
        { problemId: p.id, sample: 1, program: p.prompt },
      ]);
      const { results, metrics } = await evaluate({
        task,
        candidates: { kind: 'records', records },
        allowCodeExecution: true,
        limitStart: start,
        limit: sample.length,
        preflight: false,
        executor: await shared(),
        db: false,
        dataset: datasetOf(name),
        ...inputOf(task),
      });
      const status = (sampleIndex: number) =>
        results.filter((r) => r.sample === sampleIndex).map((r) => `${r.task_id}: ${r.status}`);
      // Problems whose libraries do not import here (DS-1000's TensorFlow ones) run and fail by
      // design (counted as failures, as upstream): their references are not checked; loud.
      const notRunnable = metrics['not_runnable'] as NotRunnable | undefined;
      const left = new Set(Object.values(notRunnable?.missing ?? {}).flatMap((m) => m.problems));
      if (left.size > 0) {
        const modules = Object.keys(notRunnable?.missing ?? {}).join(', ');
        console.warn(
          `registry check of '${name}': ${left.size} problems not runnable (${modules})`,
        );
        if (left.size === sample.length) ctx.skip();
      }
      const runnable = sample.filter((p) => !left.has(p.id));
      const withReference = runnable.filter((p) => p.reference !== undefined);
      if (withReference.length === 0) console.warn(`'${name}' has no reference solutions to run`);
      // An impossible variant's references fail by design (test/e2e/impossible-variants.test.ts).
      const expected = name.endsWith('-impossible') ? 'failed' : 'passed';
      // A reference importing a library this machine lacks (as the preflight judges it) errors
      // here for the machine's sake: it is left out of the check, loudly.
      const checkable = new Set(
        (await referencesRunnableHere(task, withReference)).map((p) => p.id),
      );
      if (checkable.size < withReference.length) {
        console.warn(
          `registry check of '${name}': ${withReference.length - checkable.size} references need a library missing here`,
        );
      }
      expect(
        status(0).filter((line) => checkable.has(line.slice(0, line.lastIndexOf(': ')))),
      ).toEqual(
        withReference.filter((p) => checkable.has(p.id)).map((p) => `${p.id}: ${expected}`),
      );
      expect(status(1).filter((s) => s.endsWith(': passed'))).toEqual([]);
      expect(status(1)).toHaveLength(sample.length);
      // Rust's first resolve in a fresh cache builds its crates with cargo (~20 s of CPU, once).
    }, 300_000);
  });
}

/**
 * The judge kept per slot (worker/judge_loop.py, worker/slot_judge.py): one process judges a
 * slot's samples one after another, so a sample must not be able to change how the next one is
 * judged. Run at the worker, without a sandbox, as one unprivileged uid for the worker, the judge
 * and every candidate: the non-root bwrap case, where a candidate may signal the judge and change
 * what the kernel lets a process change in another of its uid. Each attack runs before a correct
 * and a wrong program; they must be judged as on a fresh judge, and the judge the attack touched
 * must not be the one that judges them (judgeSamples: 1 means a judge started for the sample).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/judge-kept/', import.meta.url));
const WORKER_DIR = fileURLToPath(new URL('../../src/execution/worker/', import.meta.url));
const UNPRIVILEGED = 65534;

const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.py`), 'utf8');
const attack = (name: string) => fixture('find_judge') + fixture(name);

interface Answer {
  report?: string;
  judgeSamples?: number;
  judgeExit?: number;
  infra?: string;
}

interface Sample {
  source: string;
  tests: string;
  entryPoints: string[];
}

const sample = (source: string, tests = fixture('check_add')): Sample => ({
  source,
  tests,
  entryPoints: ['add'],
});

let home: string;

beforeAll(async () => {
  // Copies the worker where the unprivileged uid can read it (the checkout may not be).
  home = await tempDir('passk-judge-kept-');
  chmodSync(home, 0o755);
  const worker = join(home, 'worker');
  mkdirSync(worker);
  for (const name of readdirSync(WORKER_DIR)) {
    if (name.endsWith('.py') || name.endsWith('.json'))
      copyFileSync(join(WORKER_DIR, name), join(worker, name));
  }
  copyFileSync(join(FIXTURES, 'drive.py'), join(home, 'drive.py'));
  mkdirSync(join(home, 'scratch'), { mode: 0o777 });
  chmodSync(join(home, 'scratch'), 0o777);
});

/** The samples through one worker, in order: its answers. */
function drive(samples: Sample[]): Answer[] {
  const asRoot = process.getuid?.() === 0;
  const command = [
    ...(asRoot
      ? ['setpriv', `--reuid=${UNPRIVILEGED}`, `--regid=${UNPRIVILEGED}`, '--clear-groups']
      : []),
    '/usr/bin/python3',
    join(home, 'drive.py'),
    join(home, 'worker', 'worker.py'),
    join(home, 'scratch'),
  ];
  const run = spawnSync(command[0]!, command.slice(1), {
    input: JSON.stringify(samples),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`drive.py failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as Answer[];
}

const lastEvent = (answer: Answer) => answer.report?.trim().split('\n').at(-1);

describe('the judge kept per slot', () => {
  it('judges a slot’s samples in one process, each as a fresh judge would', () => {
    const answers = drive([
      sample(fixture('correct')),
      sample(fixture('wrong')),
      sample(fixture('correct')),
    ]);
    expect(answers.map((answer) => answer.judgeSamples)).toEqual([1, 2, 3]);
    expect(answers.map(lastEvent)).toEqual([
      '{"e": "end"}',
      '{"e": "exc", "k": "assert", "t": "AssertionError", "m": ""}',
      '{"e": "end"}',
    ]);
  });

  it('puts back what trusted tests change in the process before the next sample', () => {
    const answers = drive([
      sample(fixture('correct'), fixture('check_leaves_state')),
      sample(fixture('correct'), fixture('check_state_fresh')),
    ]);
    expect(answers.map((answer) => answer.judgeSamples)).toEqual([1, 2]);
    expect(answers.map(lastEvent)).toEqual(['{"e": "end"}', '{"e": "end"}']);
  });

  const touching = [
    'lower_memory_limit',
    'lower_open_files',
    'renice',
    'idle_policy',
    'stop_judge',
    'stop_from_a_daemon',
    'kill_judge',
  ];
  it.each(touching)('%s: the next samples get a new judge and their own verdicts', (name) => {
    const [touched, correct, wrong, again] = drive([
      sample(attack(name)),
      sample(fixture('correct')),
      sample(fixture('wrong')),
      sample(fixture('correct')),
    ]);
    expect(touched?.infra).toBeUndefined();
    expect(correct?.judgeSamples).toBe(1);
    expect(lastEvent(correct!)).toBe('{"e": "end"}');
    expect(lastEvent(wrong!)).toMatch(/"e": "exc", "k": "assert"/);
    expect(lastEvent(again!)).toBe('{"e": "end"}');
  });

  it('one_cpu: a judge moved to fewer CPUs is replaced (where there are two or more)', () => {
    const [, correct] = drive([sample(attack('one_cpu')), sample(fixture('correct'))]);
    const cpus = readFileSync('/proc/self/status', 'utf8').match(
      /^Cpus_allowed_list:\s*(.+)$/m,
    )?.[1];
    const several = cpus !== undefined && /[-,]/.test(cpus);
    expect(correct?.judgeSamples).toBe(several ? 1 : 2);
    expect(lastEvent(correct!)).toBe('{"e": "end"}');
  });

  it('signals a handler would turn into an exception are ignored: the judge goes on', () => {
    const [interrupted, correct, wrong] = drive([
      sample(attack('interrupt_judge')),
      sample(fixture('correct')),
      sample(fixture('wrong')),
    ]);
    expect(lastEvent(interrupted!)).toBe('{"e": "end"}');
    expect(correct?.judgeSamples).toBe(2);
    expect(lastEvent(correct!)).toBe('{"e": "end"}');
    expect(lastEvent(wrong!)).toMatch(/"e": "exc", "k": "assert"/);
  });
});

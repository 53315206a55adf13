/**
 * Outside judging of Python (docs/security.md, "Outside judging (Python)"): the candidate runs as
 * a function server, the tests in a judge process. Each attack runs next to a correct and a wrong
 * program through the real default sandbox; the pass count must not move. Where an attack would
 * work in-process (reading the tests), the in-process run is its control.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor, Program, Verdict } from '../../src/execution/types.js';
import { splitPythonProgram } from '../../src/tasks/kit/python-program.js';
import { LIMITS } from './helpers.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/outside-python/${name}.py`, import.meta.url), 'utf8');

let executor: Executor;

beforeAll(async () => {
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 2 });
}, 60_000);

afterAll(async () => {
  await executor?.close();
});

const program = (candidate: string, tests = 'check_add'): Program =>
  splitPythonProgram(fixture(candidate), `\n${fixture(tests)}`, 'human-eval', ['add']);

/** Without `functionServer`: the same program judged in-process (`--judge in-process`). */
function inProcess(outside: Program): Program {
  const { functionServer: _split, ...rest } = outside;
  return rest;
}

async function verdicts(programs: Record<string, Program>, timeoutMs = 3000) {
  const jobs = Object.entries(programs).map(([id, p]) => ({
    id,
    program: p,
    limits: { ...LIMITS, timeoutMs },
    rerunTimeout: false,
  }));
  const found = await executor.run(jobs);
  return Object.fromEntries([...found]) as Record<string, Verdict>;
}

const passed = (all: Record<string, Verdict>) =>
  Object.keys(all).filter((id) => all[id]!.status === 'passed');

describe('outside judging (Python): attacks next to a correct and a wrong program', () => {
  it('the correct program passes outside, the wrong one fails, and the pass count does not move', async () => {
    const attacks = [
      'always_equal',
      'int_subclass',
      'patch_builtins',
      'exit_at_import',
      'os_exit_in_function',
      'forge_fds',
      'read_tests',
      'kill_others',
    ];
    const all = await verdicts(
      Object.fromEntries(['correct', 'wrong', ...attacks].map((name) => [name, program(name)])),
    );
    expect(passed(all)).toEqual(['correct']);
    expect(all['correct']!.placement).toBe('outside');
    expect(all['wrong']).toMatchObject({ status: 'failed', errorType: 'AssertionError' });
    expect(all['always_equal']!.status).toBe('failed');
    expect(all['int_subclass']!.status).toBe('failed');
    expect(all['patch_builtins']!.status).not.toBe('passed');
    expect(all['exit_at_import']).toMatchObject({ status: 'incomplete', errorType: 'SystemExit' });
    expect(all['os_exit_in_function']).toMatchObject({ status: 'incomplete' });
    expect(all['forge_fds']!.status).toBe('failed');
    for (const name of attacks) expect(all[name]!.status).not.toBe('infra-error');
  }, 120_000);

  it('reading the tests works in-process (the control) and finds nothing outside', async () => {
    const outside = program('read_tests');
    const all = await verdicts({ outside, inProcess: inProcess(outside) });
    expect(all['inProcess']!.status).toBe('passed');
    expect(all['outside']).toMatchObject({ status: 'failed', placement: 'outside' });
  }, 60_000);

  it('the judge runs the tests with no capabilities', async () => {
    const all = await verdicts({ judge: program('correct', 'check_no_capabilities') });
    expect(all['judge']).toMatchObject({ status: 'passed', placement: 'outside' });
  }, 60_000);

  it('huge output, an endless loop and an endless generator end at the limits', async () => {
    const all = await verdicts(
      {
        huge: program('huge_output'),
        loop: program('loop_forever'),
        generator: program('endless_generator', 'check_generator'),
      },
      1500,
    );
    expect(all['huge']!.status).toBe('output-limit');
    expect(all['loop']!.status).toBe('timeout');
    expect(all['generator']!.status).toBe('timeout');
  }, 60_000);
});

describe('outside judging (Python): the tests see what they would in-process', () => {
  it('tests that hand the candidate their own function fall back to in-process, and say why', async () => {
    const all = await verdicts({ apply: program('apply', 'check_apply') });
    expect(all['apply']).toMatchObject({ status: 'passed', placement: 'in-process' });
    expect(all['apply']!.placementFallback).toContain('function');
  }, 60_000);

  it('values, mutated arguments, exceptions, opaque values and candidate objects cross faithfully', async () => {
    const outside = program('semantics', 'check_semantics');
    const all = await verdicts({ outside, inProcess: inProcess(outside) });
    expect(all['inProcess']!.status).toBe('passed');
    expect(all['outside']).toMatchObject({ status: 'passed', placement: 'outside' });
  }, 60_000);
});

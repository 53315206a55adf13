import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/pipeline/evaluate.js';
import { loadProblems } from '../../src/pipeline/problems.js';
import type { GenerationRecord } from '../../src/store/records.js';
import type { ImpossibleData } from '../../src/tasks/impossible/task.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { requireTaskData } from '../helpers/data.js';

/** The call of the function under test in the mutated assert, e.g. `candidate([1, 2], 3)`. */
function callIn(assert: string, name: string): string | undefined {
  const start = assert.search(new RegExp(`\\b${name}\\(`));
  if (start === -1) return undefined;
  let depth = 0;
  for (let i = assert.indexOf('(', start); i < assert.length; i++) {
    if (assert[i] === '(') depth++;
    if (assert[i] === ')' && --depth === 0) return assert.slice(start, i + 1);
  }
  return undefined;
}

/**
 * The honest reference plus a wrapper that returns the mutated value for exactly the mutated
 * call's arguments: what a model gaming the visible test writes. Only for asserts that compare
 * the call itself (`f(x) == value`), where returning the value is what passes.
 */
function gamingProgram(problem: Problem<ImpossibleData>, fn: string): string | undefined {
  const { after, newValue, kind } = problem.meta.mutation;
  const testName = problem.tests.includes('def check(candidate)') ? 'candidate' : fn;
  const call = callIn(after, testName);
  if (call === undefined || kind !== 'value' || !after.includes(`${call} == ${newValue}`))
    return undefined;
  const args = call.slice(testName.length);
  return `${problem.reference}

_passk_honest = ${fn}
_passk_key = (lambda *a, **k: (a, k))${args}

def ${fn}(*args, **kwargs):
    if (args, kwargs) == _passk_key:
        return ${newValue}
    return _passk_honest(*args, **kwargs)
`;
}

/** The function an MBPP reference defines that the mutated assert calls. */
function mbppFunction(problem: Problem<ImpossibleData>): string {
  const names = [...(problem.reference ?? '').matchAll(/^def (\w+)\(/gm)].map((m) => m[1]!);
  return names.find((n) => problem.meta.mutation.after.includes(`${n}(`)) ?? names[0]!;
}

describe.each([
  ['humaneval-impossible', 158],
  ['mbpp-impossible', 500],
])('%s, in the real sandbox', (name, count) => {
  it('fails every reference solution, and passes a program that games the mutated test', async () => {
    const task = await tasks.get(name);
    const dataset = { dataDir: requireTaskData(task), offline: true };
    const { problems } = await loadProblems(task, dataset, {});
    expect(problems).toHaveLength(count);
    const typed = problems as Problem<ImpossibleData>[];
    const records: GenerationRecord[] = [];
    const gamed = new Set<string>();
    for (const p of typed) {
      records.push({ problemId: p.id, sample: 0, program: p.reference! });
      const gaming = gamingProgram(p, p.entryPoint ?? mbppFunction(p));
      if (gaming === undefined) continue;
      gamed.add(p.id);
      records.push({ problemId: p.id, sample: 1, program: gaming });
    }
    const { results } = await evaluate({
      task,
      candidates: { kind: 'records', records },
      allowCodeExecution: true,
      preflight: false,
      db: false,
      dataset,
    });
    const passed = (sample: number) =>
      results.filter((r) => r.sample === sample && r.status === 'passed').map((r) => r.task_id);
    expect(passed(0)).toEqual([]);
    expect(results.filter((r) => r.sample === 0)).toHaveLength(count);
    // Nearly every mutation compares the call itself, and special-casing its arguments passes.
    // (A few do not pass this way; e.g. an input asserted again with its true value stays
    // impossible even for a gaming program.)
    expect(gamed.size).toBeGreaterThan(count * 0.8);
    const failedGames = results
      .filter((r) => r.sample === 1 && r.status !== 'passed')
      .map((r) => `${r.task_id}: ${r.status} ${r.message ?? ''}`);
    expect(failedGames.length, failedGames.join('\n')).toBeLessThan(gamed.size * 0.05);
  }, 600_000);
});

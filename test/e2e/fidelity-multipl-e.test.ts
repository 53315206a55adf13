import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

/**
 * MultiPL-E's own completions folder (one `<name>.json(.gz)` per problem, completions without the
 * prompt) scored by passk gives the verdicts of MultiPL-E's evaluator, whose program is
 * `prompt + completion + "\n" + tests` (evaluation/src/main.py) and which passes a program
 * when it exits 0. The oracle runs exactly that program with node.
 */

const dataDir = requireData('multipl-e/humaneval-js.jsonl');

interface Row {
  name: string;
  prompt: string;
  tests: string;
  stop_tokens: string[];
}

/** [problem, completion, what it exercises]. */
const CASES: [string, string, string][] = [
  ['HumanEval_23_strlen', '\n  return string.length;\n}\n', 'plain'],
  ['HumanEval_23_strlen', '  return string.length;\r\n}\r\n', 'CRLF'],
  ['HumanEval_23_strlen', '\treturn string.length; // ünï 😀\n}', 'tab, unicode, no final newline'],
  ['HumanEval_23_strlen', '  return string.length + 1;\n}\n', 'wrong'],
  ['HumanEval_23_strlen', '', 'empty (the function is never closed)'],
  [
    'HumanEval_23_strlen',
    '  return helper(string);\n}\nfunction helper(s){ return s.length; }\n',
    'a stop token inside (files are scored as they are)',
  ],
  [
    'HumanEval_89_encrypt',
    "  return s.split('').map((c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 4) % 26) + 97)).join('');\n}\n",
    'plain',
  ],
  ['HumanEval_89_encrypt', '  return s;\n}\n', 'wrong'],
];

function oracle(dir: string, program: string, i: number): boolean {
  const file = join(dir, `oracle-${i}.js`);
  writeFileSync(file, program);
  return spawnSync('node', [file], { stdio: 'ignore', timeout: 15_000 }).status === 0;
}

describe("MultiPL-E's completions folder scores as MultiPL-E's evaluator scores it", () => {
  let reference: boolean[];
  let passed: boolean[];
  let passAt1: number;
  let code: number | null;
  let stderr: string;

  beforeAll(async () => {
    const rows = (await readFile(join(dataDir, 'multipl-e/humaneval-js.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Row);
    const byName = new Map(rows.map((row) => [row.name, row]));
    const dir = await tempDir();
    reference = CASES.map(([name, completion], i) => {
      const row = byName.get(name)!;
      return oracle(dir, `${row.prompt}${completion}\n${row.tests}`, i);
    });
    const folder = join(dir, 'completions');
    await mkdir(folder);
    for (const name of ['HumanEval_23_strlen', 'HumanEval_89_encrypt']) {
      const row = byName.get(name)!;
      const completions = CASES.filter(([n]) => n === name).map(([, c]) => c);
      const file = { ...row, language: 'js', completions, temperature: 0.2 };
      const text = JSON.stringify(file);
      // MultiPL-E writes .json.gz; plain .json is read too.
      if (name.includes('23')) await writeFile(join(folder, `${name}.json.gz`), gzipSync(text));
      else await writeFile(join(folder, `${name}.json`), text);
    }
    const out = join(dir, 'out');
    const result = await runCli([
      ...['evaluate', '--task', 'multiple-js', '--allow-code-execution', '--limit', '2'],
      ...['--data-dir', dataDir, '--generations', folder, '--output-dir', out, '--k', '1'],
    ]);
    ({ code, stderr } = result);
    if (code !== 0) return;
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    passAt1 = metrics['multiple-js']['pass@1'];
    const results = (await readFile(join(out, 'results.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { task_id: string; sample: number; status: string });
    const status = new Map(results.map((r) => [`${r.task_id}#${r.sample}`, r.status]));
    const seen = new Map<string, number>();
    passed = CASES.map(([name]) => {
      const sample = seen.get(name) ?? 0;
      seen.set(name, sample + 1);
      return status.get(`${name}#${sample}`) === 'passed';
    });
  }, 240_000);

  it('the oracle gives the verdicts the cases were written for', () => {
    expect(reference).toEqual([true, true, true, false, false, true, true, false]);
  });

  it('passk gives the same verdict on every completion, and the same pass@1', () => {
    expect(code, stderr).toBe(0);
    // The files hold the dataset's own prompts and tests: nothing to warn about.
    expect(stderr).not.toMatch(/other than this task's data/);
    expect(passed).toEqual(reference);
    const perProblem = ['HumanEval_23_strlen', 'HumanEval_89_encrypt'].map((name) => {
      const mine = reference.filter((_, i) => CASES[i]![0] === name);
      return mine.filter(Boolean).length / mine.length;
    });
    expect(passAt1).toBeCloseTo((perProblem[0]! + perProblem[1]!) / 2, 12);
  });
});

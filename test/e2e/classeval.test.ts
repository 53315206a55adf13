/**
 * ClassEval end to end: a local OpenAI-protocol server answers with the reference class, a class
 * missing a method, or a class whose module exits early; class-level pass@k is the headline and
 * method-level pass@k (each unittest test class alone) is in metrics.json.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/tasks/types.js';
import { tempDir } from '../helpers/cli.js';
import { dataPath } from '../helpers/data.js';
import { evaluateRows, problemsOf, runTask, taskServer } from '../helpers/task-runs.js';

const runAgainstTask = taskServer();
const runAgainst = (
  answer: (problem: Problem, context: { choice: number }) => string,
  extra: string[],
) => runAgainstTask('classeval', answer, extra);

const fenced = (code: string) => `Here is the class.\n\`\`\`python\n${code}\n\`\`\`\nDone.`;

describe('classeval', () => {
  it("a generations file's completion rows are predictions as test_pipeline.py reads them (extract_code)", async () => {
    const [first] = await problemsOf('classeval');
    const code = String(first!.reference);
    const rows = [fenced(code), `Sure:\n\n${code}`, `\`\`\`py\n${code}\n\`\`\``].map(
      (completion) => ({
        task_id: first!.id,
        completion,
      }),
    );
    const { results } = await evaluateRows('classeval', rows, ['--limit', '1']);
    // A "py" fence keeps its tag as the first line of code upstream: a NameError.
    expect(results.map((r) => r.status === 'passed')).toEqual([true, true, false]);
  });

  it("ClassEval's own output file (dataset rows with predict) gets the verdicts of the same predictions as completion rows", async () => {
    // Upstream's file: inference_pipeline.py's rows, the dataset's fields and `predict`.
    const dataset = JSON.parse(await readFile(dataPath('classeval/ClassEval_data.json'), 'utf8'));
    const problems = await problemsOf('classeval');
    const rows = (dataset as Record<string, unknown>[]).slice(0, 3).map((row, i) => {
      const code = String(row['solution_code']);
      const method = (row['methods_info'] as { method_name: string }[])[0]!.method_name;
      const predict = [
        fenced(code),
        fenced(`${code}\ndel ${String(row['class_name'])}.${method}\n`),
        `Sure, here it is:\n\n${code}`,
        `${problems[i]!.prompt}\`\`\`python\n${code}\n\`\`\``,
        `\`\`\`py\n${code}\n\`\`\``,
      ];
      return { ...row, task_id: String(row['task_id']), predict };
    });
    const file = join(await tempDir(), 'model_class_H_t0.2.json');
    await writeFile(file, JSON.stringify(rows, null, 4));
    const upstream = await runTask(
      'classeval',
      ['--limit', '3'],
      ['evaluate', '--generations', file],
    );
    const completions = rows.flatMap((row) =>
      row.predict.map((completion) => ({ task_id: row.task_id, completion })),
    );
    const samples = await evaluateRows('classeval', completions, ['--limit', '3']);
    const verdicts = (results: { task_id: string; sample: number; status: string }[]) =>
      results.map((r) => `${r.task_id}#${r.sample} ${r.status}`);
    expect(verdicts(upstream.results)).toEqual(verdicts(samples.results));
    // right, a method deleted, prose before the class, the Alpaca prompt decoded with the
    // reply, a "py" fence (its tag is a line of code upstream: a NameError)
    const passed = upstream.results.map((r: { status: string }) => r.status === 'passed');
    expect(passed).toEqual(Array(3).fill([true, false, true, true, false]).flat());
    expect(upstream.metrics.pass_at_k['pass@1']).toBeCloseTo(3 / 5);
  });

  it('completion: class- and method-level pass@k from the reference and from a class missing a method', async () => {
    // ClassEval_0 (AccessGatewayFilter): without get_jwt_user, its own test class, filter's (which
    // calls it) and the whole-class test fail; is_start_with's passes: 3 of 4 test classes fail.
    const { metrics, results } = await runAgainst(
      (p, { choice }) => {
        const broken = choice === 1 ? `\ndel ${String(p.meta['className'])}.get_jwt_user\n` : '';
        return fenced(`${String(p.reference)}${broken}`);
      },
      ['--limit', '1', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics.pass_at_k).toEqual({ 'pass@1': 0.5 });
    expect(metrics.metric.name).toBe('method-level pass@k');
    expect(metrics.classeval).toEqual({
      test_classes: 4,
      'method_pass@1': (0.5 + 1 + 0.5 + 0.5) / 4,
    });
    expect(results[1].message).toContain(
      'failed test classes: [AccessGatewayFilterTestFilter, AccessGatewayFilterTestGetJwtUser, AccessGatewayFilterTest] (3 of 4)',
    );
  });

  it('chat: a class whose module exits early (sys.exit(0), os._exit(0)) never passes', async () => {
    const exits = ['', '\nimport sys\nsys.exit(0)\n', '\nimport os\nos._exit(0)\n'];
    const { metrics, results } = await runAgainst(
      (p, { choice }) => fenced(`${String(p.reference)}${exits[choice]}`),
      ['--chat', '--limit', '2', '--n-samples', '3', '--k', '1'],
    );
    expect(metrics.pass_at_k['pass@1']).toBeCloseTo(1 / 3);
    expect(metrics.classeval['method_pass@1']).toBeCloseTo(1 / 3);
    expect(results.filter((r) => r.status === 'passed').map((r) => r.sample)).toEqual([0, 0]);
  });

  it("a test class the tests do not define fails that class only, as upstream's getattr (ClassEval_97's reference)", async () => {
    // Its test_classes names " Words2NumbersTestMain" (a leading space): no such class.
    const { metrics, results } = await runAgainst(
      (p) => fenced(String(p.reference)),
      ['--limit-start', '97', '--limit', '1', '--k', '1'],
    );
    expect(results[0].status).toBe('failed');
    expect(results[0].message).toContain('failed test classes: [ Words2NumbersTestMain] (1 of 3)');
    expect(metrics.classeval['method_pass@1']).toBeCloseTo(2 / 3);
  });
});

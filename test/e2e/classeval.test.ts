/**
 * ClassEval end to end: a local OpenAI-protocol server answers with the reference class, a class
 * missing a method, or a class whose module exits early; class-level pass@k is the headline and
 * method-level pass@k (each unittest test class alone) is in metrics.json.
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/tasks/types.js';
import { evaluateRows, problemsOf, taskServer } from '../helpers/task-runs.js';

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

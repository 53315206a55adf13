/**
 * Candidates that switch off the tests running in their own process (issue 9, item 8): a JS
 * program patching `assert`, rebinding `require` or `console`, or faking the end of the tests;
 * a Java program flipping `$assertionsDisabled` through Unsafe; a shell program redefining `set`.
 * Each attack is a wrong solution that must not pass; next to it a right one passes and the
 * same wrong one without the attack fails. Java and shell programs are MultiPL-E's own
 * (HumanEval_53_add, built by the task as in a real run).
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import type { Language, Verdict } from '../../src/execution/types.js';
import { tasks } from '../../src/tasks/index.js';
import { requireTaskData } from '../helpers/data.js';
import { runSources, securityExecutorForFile } from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

/** One sandboxed executor (two slots) for this file's tests. */
const executor = securityExecutorForFile();

function run(language: Language, sources: Record<string, string>) {
  return runSources(executor(), language, sources, LIMITS);
}

/** MultiPL-E's HumanEval_53_add program with `body` as the candidate's completion. */
async function multiplE(suffix: string, body: string): Promise<string> {
  const task = await tasks.get(`multipl-e-${suffix}`);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  const problem = task.problems(loaded.rows, loaded.file).find((p) => p.id === 'HumanEval_53_add');
  if (!problem) throw new Error('HumanEval_53_add not found');
  return task.program(problem, problem.prompt + body).source;
}

function expectAttackFails(verdicts: Map<string, Verdict>, attacks: string[]): void {
  expect(verdicts.get('right')?.status).toBe('passed');
  expect(verdicts.get('wrong')?.status).toBe('failed');
  for (const id of attacks) expect([id, verdicts.get(id)?.status]).not.toEqual([id, 'passed']);
}

const JS_TESTS =
  "\nconst assert = require('node:assert');\nfunction test() {\n  assert.deepEqual(add(1, 1), 2);\n}\ntest();\n";
const JSX_TESTS =
  '\nconst testAdd = () => {\n  console.assert(JSON.stringify([add(1, 1)]) === JSON.stringify([2]));\n};\ntestAdd();\n';
const JS_WRONG = 'function add(a, b) { return a - b; }\n';

describe('tests the candidate cannot disable', () => {
  it('JavaScript: patched assert, rebound require/console, patched JSON, a faked end', async () => {
    const verdicts = await run('javascript', {
      right: `function add(a, b) { return a + b; }\n${JS_TESTS}`,
      wrong: JS_WRONG + JS_TESTS,
      'patch assert': `${JS_WRONG}const a = require('node:assert'); a.deepEqual = () => {}; a.strictEqual = () => {};\n${JS_TESTS}`,
      'rebind require': `${JS_WRONG}require = () => ({ deepEqual() {} });\n${JS_TESTS}`,
      'shadow console': `${JS_WRONG}var console = { assert() {} };\n${JSX_TESTS}`,
      'patch console.assert': `${JS_WRONG}globalThis.console.assert = () => {};\n${JSX_TESTS}`,
      'patch JSON': `${JS_WRONG}JSON.stringify = () => '';\n${JSX_TESTS}`,
      // The end marker older passk appended, called early, with failures swallowed afterwards.
      'early end': `${JS_WRONG}try { globalThis[Symbol.for('passk.end')](); } catch {}
process.removeAllListeners('uncaughtException');
process.on('uncaughtException', () => {});
try { process.setUncaughtExceptionCaptureCallback(null); process.setUncaughtExceptionCaptureCallback(() => {}); } catch {}
${JS_TESTS}`,
    });
    expectAttackFails(verdicts, [
      'patch assert',
      'rebind require',
      'shadow console',
      'patch console.assert',
      'patch JSON',
      'early end',
    ]);
  }, 120_000);

  it('Java: flipping $assertionsDisabled (Unsafe) after a first right answer', async () => {
    // |x - y| is right for the first two tests, (0, 1) and (1, 0), only.
    const flip = `        if (System.getProperty("passk.flipped") == null) {
            System.setProperty("passk.flipped", "yes");
            try {
                Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                theUnsafe.setAccessible(true);
                sun.misc.Unsafe unsafe = (sun.misc.Unsafe) theUnsafe.get(null);
                Field flag = Problem.class.getDeclaredField("$assertionsDisabled");
                unsafe.putBoolean(unsafe.staticFieldBase(flag), unsafe.staticFieldOffset(flag), true);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }
`;
    const verdicts = await run('java', {
      right: await multiplE('java', '        return x + y;\n'),
      wrong: await multiplE('java', '        return Math.abs(x - y);\n'),
      flip: await multiplE('java', `${flip}        return Math.abs(x - y);\n`),
    });
    expectAttackFails(verdicts, ['flip']);
  }, 180_000);

  it('shell: redefining set so that set -e does nothing', async () => {
    const verdicts = await run('shell', {
      right: await multiplE('sh', '    echo $(( $1 + $2 ))\n'),
      wrong: await multiplE('sh', '    echo $(( $1 - $2 ))\n'),
      'redefine set': await multiplE(
        'sh',
        '    echo $(( $1 - $2 ))\n}\nset() { :; }\npasskdummy() {\n    :\n',
      ),
    });
    expectAttackFails(verdicts, ['redefine set']);
  }, 120_000);
});

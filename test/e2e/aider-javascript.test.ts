import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor, runPreflight } from '../../src/execution/index.js';
import type { Executor, Verdict } from '../../src/execution/types.js';
import { exercismSource } from '../../src/tasks/aider-polyglot/candidate-files.js';
import type { AiderData } from '../../src/tasks/aider-polyglot/data.js';
import { aiderPolyglot } from '../../src/tasks/aider-polyglot/task.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli } from '../helpers/cli.js';

/**
 * Aider polyglot's JavaScript track through the real sandbox: a tiny exercise of this test's own
 * in Exercism's layout (ES modules, Babel preset, Jest, tests after the first marked skipped), so
 * Jest, Babel, the task's un-skipping and the end-of-tests rule all run as for the benchmark.
 * Needs Jest installed (`scripts/setup.sh --test` does it).
 */
const ROOT = 'exercises/practice/greeter';
const SPEC = `import { greet, shout } from './greeter';

describe('greeter', () => {
  test('greets a name', () => {
    expect(greet('Ada')).toEqual('Hello, Ada!');
  });

  xtest('greets nobody', () => {
    expect(greet()).toEqual('Hello, you!');
  });

  test.skip('shouts', () => {
    expect(shout('hi')).toEqual('HI!');
  });
});
`;
const STUB = `export const greet = () => {
  throw new Error('Remove this statement and implement this function');
};

export const shout = () => {
  throw new Error('Remove this statement and implement this function');
};
`;
const RIGHT = `export const greet = (name = 'you') => \`Hello, \${name}!\`;

export const shout = (text) => \`\${text.toUpperCase()}!\`;
`;
/** Passes the first test only: the un-skipped ones must still run and fail it. */
const FIRST_ONLY = `export const greet = (name) => \`Hello, \${name}!\`;

export const shout = (text) => text;
`;

const ROWS = Object.entries({
  '.meta/config.json': JSON.stringify({
    files: {
      solution: ['greeter.js'],
      test: ['greeter.spec.js'],
      example: ['.meta/proof.ci.js'],
    },
  }),
  '.meta/proof.ci.js': RIGHT,
  '.docs/instructions.md': 'Greet people, and shout.',
  'greeter.js': STUB,
  'greeter.spec.js': SPEC,
  'babel.config.js': "module.exports = {\n  presets: ['@exercism/babel-preset-javascript'],\n};\n",
  'package.json': JSON.stringify({ name: 'greeter', private: true }),
}).map(([path, text]) => ({ path: `${ROOT}/${path}`, text }));

const task = aiderPolyglot('javascript');
const [problem] = task.problems(ROWS, 'fixture') as [Problem<AiderData>];
const LIMITS = { timeoutMs: 120_000, memoryBytes: 2 * 2 ** 30, outputBytes: 2 ** 20 };

let executor: Executor;
beforeAll(async () => {
  executor = await createExecutor({ allowCodeExecution: true, workers: 2, cacheDir: false });
});
afterAll(() => executor?.close());

/** Each candidate (files the model wrote) as the task's program, run in one batch. */
async function judge(candidates: Record<string, Record<string, string>>) {
  const jobs = Object.entries(candidates).map(([id, files]) => ({
    id,
    program: task.program(problem, exercismSource(files)),
    limits: LIMITS,
  }));
  return executor.run(jobs);
}

describe('aider-polyglot-javascript: Jest in the sandbox', () => {
  it('the task reads the exercise: one solution file, the reference from .meta', () => {
    expect(problem.id).toBe('javascript/greeter');
    expect(problem.language).toBe('exercism-javascript');
    expect(Object.keys(problem.meta['solution'] as object)).toEqual(['greeter.js']);
    expect(problem.reference).toContain('toUpperCase');
  });

  it('right passes; stub, half-right, early exit, patched Jest globals or config do not', async () => {
    const verdicts = await judge({
      right: { 'greeter.js': RIGHT },
      // a timer left running does not keep Jest from ending the run (Jest itself would wait)
      lingering: { 'greeter.js': `${RIGHT}setInterval(() => {}, 1000);\n` },
      stub: {},
      firstOnly: { 'greeter.js': FIRST_ONLY },
      earlyExit: { 'greeter.js': `process.exit(0);\n${FIRST_ONLY}` },
      // code that turns the tests into no-ops or makes every comparison pass
      emptyTests: {
        'greeter.js': `${FIRST_ONLY}const t = globalThis.test;\nglobalThis.test = (name) => t(name, () => {});\n`,
      },
      ownMatcher: {
        'greeter.js': `${FIRST_ONLY}expect.extend({ toEqual: () => ({ pass: true, message: () => '' }) });\n`,
      },
      ownEquality: { 'greeter.js': `${FIRST_ONLY}expect.addEqualityTesters([() => true]);\n` },
      // a config of the candidate's own that would run no tests (or only its own) is ignored
      ownConfig: {
        'greeter.js': FIRST_ONLY,
        'jest.config.js': "module.exports = { testMatch: ['**/own.check.js'] };\n",
      },
    });
    const status = (id: string) => verdicts.get(id)?.status;
    expect(status('right')).toBe('passed');
    expect(status('lingering')).toBe('passed');
    expect(status('stub')).toBe('failed');
    expect(status('firstOnly')).toBe('failed');
    expect(status('earlyExit')).not.toBe('passed');
    expect(status('ownConfig')).toBe('failed');
    expect(status('emptyTests')).toBe('failed');
    expect(status('ownMatcher')).toBe('failed');
    expect(status('ownEquality')).toBe('failed');

    // the failure keeps Jest's report for the second attempt: the failing tests by name, the
    // expected and received values, and the summary
    const output = (verdicts.get('firstOnly') as Verdict).output ?? '';
    expect(output).toContain('● greeter › greets nobody');
    expect(output).toContain('● greeter › shouts');
    expect(output).toContain('"Hello, you!"');
    expect(output).toMatch(/^Tests: +2 failed, 1 passed, 3 total/m);
    expect((verdicts.get('stub') as Verdict).output).toContain(
      'Remove this statement and implement this function',
    );
    // Nine Jest runs on two workers: over vitest's default minute when the machine is loaded.
  }, 300_000);

  it("the runtime's canaries: wrong fails, early exit never passes, the sleeper times out", async () => {
    const report = await runPreflight(executor, {
      language: 'exercism-javascript',
      references: [task.program(problem, problem.reference!)],
      limits: LIMITS,
    });
    // runPreflight throws when a canary misbehaves; the verdicts say which ran
    expect(report.verdicts.get('reference-0')?.status).toBe('passed');
    expect(report.verdicts.get('wrong')?.status).toBe('failed');
    expect(report.verdicts.get('early-exit-0')?.status).not.toBe('passed');
    expect(report.verdicts.get('sleeper')?.status).toBe('timeout');
  }, 180_000);
});

describe('passk doctor --task aider-polyglot-javascript', () => {
  it('reports Jest found, or missing with the setup command (exit 3)', async () => {
    const found = await runCli(['doctor', '--task', 'aider-polyglot-javascript']);
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(
      /^toolchain +exercism-javascript r\d+, node v\d+.*, jest 29\.7\.0/m,
    );

    const empty = mkdtempSync(join(tmpdir(), 'passk-no-jest-'));
    const missing = await runCli(['doctor', '--task', 'aider-polyglot-javascript'], {
      PASSK_EXERCISM_JS_DIR: empty,
    });
    expect(missing.code).toBe(3);
    expect(missing.stdout).toMatch(/^toolchain +MISSING +Jest for exercism-javascript/m);
    expect(missing.stderr).toContain('bash scripts/setup.sh --task aider-polyglot-javascript');
  });
});

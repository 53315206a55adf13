/**
 * Exercism C++: Catch's main is compiled once per artifact cache and linked into each exercise
 * (exercism-catch.ts). The plans, then real g++ in the real sandbox with a real artifact cache,
 * on a small stand-in for Catch written for this test (the CATCH_CONFIG_MAIN layout, not Catch).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../executor.js';
import { resolveLimits } from '../../sandboxes/common.js';
import type { Executor, Verdict } from '../../types.js';
import { catchPlan, EXERCISM_CXXFLAGS } from './exercism-catch.js';

const HEADER = `#pragma once
#include <cstdio>
int fixture_tests();
#ifdef CATCH_CONFIG_MAIN
int main() {
  int failed = fixture_tests();
  std::puts(failed ? "test cases: 1 | 1 FAILED" : "All tests passed");
  return failed;
}
#endif
`;

/** An exercise in Exercism's layout whose one test checks `name(6, 3) == expected`. */
function exercise(name: string, body: string, expected: number, header = HEADER) {
  return {
    'test/catch.hpp': header,
    'test/tests-main.cpp': '#define CATCH_CONFIG_MAIN\n#include "catch.hpp"\n',
    [`${name}.h`]: `#pragma once\nint ${name}(int a, int b);\n`,
    [`${name}.cpp`]: `#include "${name}.h"\nint ${name}(int a, int b) { return ${body}; }\n`,
    [`${name}_test.cpp`]: `#include "test/catch.hpp"\n#include "${name}.h"\nint fixture_tests() { return ${name}(6, 3) == ${expected} ? 0 : 1; }\n`,
  };
}

const limits = resolveLimits({ timeoutMs: 10_000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 });
const WRAPPER = { 'passk_main.cpp': '// the wrapper\n' };

describe('catchPlan', () => {
  const add = catchPlan({ ...exercise('add', 'a + b', 9), ...WRAPPER }, 'v1', limits);
  const sub = catchPlan({ ...exercise('sub', 'a - b', 3), ...WRAPPER }, 'v1', limits);

  it("compiles with Exercism's Debug flags, not optimised, without include dirs", () => {
    expect(add.compile!.argv).toEqual(expect.arrayContaining([...EXERCISM_CXXFLAGS]));
    expect(add.compile!.argv.some((arg) => /^-O|^-I/.test(arg))).toBe(false);
    expect(add.batch!.argv.some((arg) => /^-O|^-I/.test(arg))).toBe(false);
  });

  it("shares one build of Catch's main between exercises; its own sources are compiled alone", () => {
    expect(add.batch!.key).toBe(sub.batch!.key);
    expect(add.compile!.key).not.toBe(sub.compile!.key);
    expect(add.compile!.argv).toContain(`{cache}/${add.batch!.key.slice(0, 2)}/${add.batch!.key}`);
    expect(add.compile!.argv.filter((arg) => arg.endsWith('.cpp'))).toEqual([
      'add.cpp',
      'add_test.cpp',
    ]);
    // No program is the shared build's member: each one's own compile step always runs.
    expect(add.batch!.member).toBe('none');
    expect(Object.keys(add.batch!.files).sort()).toEqual([
      'passk_main.cpp',
      'test/catch.hpp',
      'test/tests-main.cpp',
    ]);
  });

  it('keys the shared build by the content of catch.hpp, the wrapper and the toolchain', () => {
    const changed = exercise('add', 'a + b', 9, `${HEADER}// one more line\n`);
    const other = catchPlan({ ...changed, ...WRAPPER }, 'v1', limits);
    expect(other.batch!.key).not.toBe(add.batch!.key);
    expect(other.compile!.argv).toContain(
      `{cache}/${other.batch!.key.slice(0, 2)}/${other.batch!.key}`,
    );
    const wrapper = { 'passk_main.cpp': '// another wrapper\n' };
    const rewrapped = catchPlan({ ...exercise('add', 'a + b', 9), ...wrapper }, 'v1', limits);
    expect(rewrapped.batch!.key).not.toBe(add.batch!.key);
    const newer = catchPlan({ ...exercise('add', 'a + b', 9), ...WRAPPER }, 'v2', limits);
    expect(newer.batch!.key).not.toBe(add.batch!.key);
  });

  it("compiles a folder without Exercism's Catch (the canaries) in one g++ run, as before", () => {
    const plan = catchPlan({ 'a.cpp': '', 'a_test.cpp': '', ...WRAPPER }, 'v1', limits);
    expect(plan.batch).toBeUndefined();
    expect(plan.compile!.argv[0]).toBe('/usr/bin/g++');
    expect(plan.compile!.argv).toEqual(
      expect.arrayContaining(['a.cpp', 'a_test.cpp', 'passk_main.cpp']),
    );
  });
});

describe("Catch's main in the real sandbox, with an artifact cache", () => {
  let dir: string;
  let executor: Executor;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'passk-catch-'));
    executor = await createExecutor({
      allowCodeExecution: true,
      cacheDir: false,
      artifactsDir: join(dir, 'artifacts'),
      workers: 1,
    });
  });

  afterAll(async () => {
    await executor?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(files: Record<string, string>): Promise<Verdict> {
    const job = {
      id: 'x',
      program: { language: 'exercism-cpp', source: '', files },
      limits: { timeoutMs: 60_000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 },
    };
    return (await executor.run([job])).get('x')!;
  }

  /** Every built copy of Catch's main in the artifact cache. */
  function catchObjects(): string[] {
    const entries = readdirSync(join(dir, 'artifacts'), { recursive: true, encoding: 'utf8' });
    return entries.filter((path) => path.endsWith('/tests-main.o'));
  }

  it('builds it once, links it into the next exercise, and builds it again for another catch.hpp', async () => {
    const first = await run(exercise('add', 'a + b', 9));
    expect(first, JSON.stringify(first)).toMatchObject({ status: 'passed' });
    expect(await run(exercise('add', 'a * b', 9))).toMatchObject({ status: 'failed' });
    expect(catchObjects()).toHaveLength(1);
    expect((await run(exercise('mul', 'a * b', 18))).status).toBe('passed');
    expect(catchObjects()).toHaveLength(1);

    // The next exercise links the cached object rather than compiling Catch's main: replaced by
    // one whose main fails, it fails.
    const stand = join(dir, 'stand-in.cpp');
    writeFileSync(
      stand,
      '#include <cstdio>\nint main() { std::puts("FAILED: the cached main"); return 1; }\n',
    );
    const cached = join(dir, 'artifacts', catchObjects()[0]!);
    execFileSync('/usr/bin/g++', [...EXERCISM_CXXFLAGS, '-c', stand, '-o', cached]);
    const linked = await run(exercise('sub', 'a - b', 3));
    expect(linked.status).toBe('failed');
    expect(linked.output).toContain('FAILED: the cached main');

    // Another catch.hpp is another key: its own build, not the one above.
    const changed = await run(exercise('sub', 'a - b', 3, `${HEADER}// one more line\n`));
    expect(changed.status).toBe('passed');
    expect(catchObjects()).toHaveLength(2);
  }, 240_000);

  it("fails a candidate whose code warns, as Exercism's -Werror build does", async () => {
    const files = exercise('add', 'a + b', 9);
    files['add.cpp'] = '#include "add.h"\nint add(int a, int b) { int unused; return a + b; }\n';
    const warned = await run(files);
    expect(warned.status).toBe('error');
    expect(warned.output).toContain('unused');
  }, 240_000);
});

/**
 * Redteam: a Java, C# or Scala program's tests are its last `main`; passk's launcher calls it,
 * then writes the end event. It called the first `main` found (the type opened last before it),
 * so a candidate that declared a type with an empty `main` before the tests passed without
 * running them (MultiPL-E's own harness runs `java Problem`, which fails such a program). Real
 * sandbox, real compilers.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor } from '../../src/execution/types.js';
import { runSources } from '../helpers/security-executor.js';
import { TEST_ARTIFACTS_DIR } from '../helpers/test-artifacts.js';
import { LIMITS } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/redteam');

/**
 * One sandboxed executor (two slots) for this file's tests, as securityExecutor() makes it (no
 * verdict cache: every program runs) but with the tests' persistent artifact cache: javac and
 * scalac start from their class-data archives there, the three programs of a language compile
 * in one compiler JVM (java-batch.ts), and a program compiled by an earlier run is not compiled
 * again (the cache is content-addressed: compiler, flags, the program's and launcher's files).
 * What this file checks, which `main` the launcher calls, is in the run, which always happens;
 * each decoy (the attack) carries this run's tag, so it is compiled here too, every run.
 */
let shared: Executor | undefined;
beforeAll(async () => {
  shared = await createExecutor({
    allowCodeExecution: true,
    cacheDir: false,
    workers: 2,
    artifactsDir: TEST_ARTIFACTS_DIR,
  });
}, 60_000);
afterAll(() => shared?.close());
const RUN = randomBytes(6).toString('hex');
const decoy = (fixture: string) =>
  `// run ${RUN}\n${readFileSync(join(FIXTURES, fixture), 'utf8')}`;
const executor = (): Executor => {
  if (shared === undefined) throw new Error('the executor is made in beforeAll');
  return shared;
};

const program = (op: string) => `import java.util.*;
class Problem {
    public static long add(long x, long y) {
        return x ${op} y;
    }
    public static void main(String[] args) {
    if (!((add((0l), (1l)) == (1l)))) throw new java.lang.AssertionError();
    if (!((add((2l), (3l)) == (5l)))) throw new java.lang.AssertionError();
    }

}
`;

const CSHARP = (op: string) => `using System;
using System.Diagnostics;
class Problem {
    public static long Add(long x, long y) {
        return x ${op} y;
    }
    public static void Main(string[] args) {
    Debug.Assert(Add((0L), (1L)) == (1L));
    Debug.Assert(Add((2L), (3L)) == (5L));
    }

}
`;

const SCALA = (op: string) => `import scala.math._
object Problem {
    def add(x : Long, y : Long) : Long = {
        return x ${op} y
    }
    def main(args: Array[String]) = {
    assert(add((0l), (1l)) == (1l));
    assert(add((2l), (3l)) == (5l));
    }

}
`;

describe("the launcher calls the tests' main", () => {
  it('Java: a decoy main declared before the tests is not the one called', async () => {
    const verdicts = await runSources(
      executor(),
      'java',
      {
        right: program('+'),
        wrong: program('-'),
        decoy: decoy('java-decoy-main.java'),
      },
      LIMITS,
    );
    expect(verdicts.get('right')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.status).toBe('failed');
    expect(verdicts.get('decoy')?.status).toBe('failed');
  }, 300_000);

  it.each([
    ['csharp', CSHARP, 'csharp-decoy-main.cs'],
    ['scala', SCALA, 'scala-decoy-main.scala'],
  ] as const)(
    '%s: a decoy main declared before the tests is not the one called',
    async (language, program, fixture) => {
      const verdicts = await runSources(
        executor(),
        language,
        {
          right: program('+'),
          wrong: program('-'),
          decoy: decoy(fixture),
        },
        LIMITS,
      );
      expect(verdicts.get('right')?.status).toBe('passed');
      expect(verdicts.get('wrong')?.status).toBe('failed');
      expect(verdicts.get('decoy')?.status).toBe('failed');
    },
    300_000,
  );
});

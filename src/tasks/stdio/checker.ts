import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatasetError } from '../../core/errors.js';
import { defaultCacheDir } from '../../datasets/paths.js';
import { CommandError, runCommand } from '../../execution/run-command.js';
import { judgeSandboxArgv } from '../../execution/sandboxes/judge-sandbox.js';
import type { CheckerTestsFolder } from '../../execution/stdio/checked-program.js';
import type { StdioCase } from '../../execution/stdio/index.js';

/** A problem's own checker (a special judge), given in its JSONL row. */
export interface CheckerSource {
  /** 'cpp' (compiled with g++ -O2 -std=c++17) or 'python' (run by python3). */
  language: 'cpp' | 'python';
  /**
   * The program. It is run as `checker INPUT OUTPUT ANSWER` (testlib's order: the test's input,
   * the candidate's output, the row's expected output) and accepts with exit status 0; 1 or 2
   * is a wrong answer, 3 its own failure (testlib's codes). testlib.h is not provided.
   */
  source: string;
}

/** The folder a checker judge reads: in/, out/ and `checker` (execution/stdio/checked-program.ts). */
export type CheckerTests = CheckerTestsFolder;

const COMPILE_MS = 120_000;

/**
 * Writes a problem's tests and compiled checker to the cache once (keyed by their content; a
 * C++ checker is compiled in the judge's sandbox): what `checkerJudge` needs to judge outputs
 * with it. The tests' answers stay in passk's cache, never in a candidate's sandbox.
 */
export async function checkerTests(
  problemId: string,
  checker: CheckerSource,
  cases: readonly StdioCase[],
): Promise<CheckerTests> {
  const hash = createHash('sha256')
    .update(JSON.stringify([checker, cases]))
    .digest('hex');
  const dir = join(defaultCacheDir(), 'stdio-checkers', hash.slice(0, 32));
  const names = cases.map((_, index) => `test_${String(index + 1).padStart(3, '0')}`);
  const result = { dir, inputs: join(dir, 'in'), cases: names };
  if (existsSync(join(dir, 'checker'))) return result;
  // unique: two builds of one checker (two processes, or two rows in one) never share it
  const partial = `${dir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(join(partial, 'in'), { recursive: true });
  await mkdir(join(partial, 'out'), { recursive: true });
  for (const [index, name] of names.entries()) {
    await writeFile(join(partial, 'in', `${name}.in`), cases[index]!.input);
    await writeFile(join(partial, 'out', `${name}.out`), cases[index]!.output);
  }
  try {
    await buildChecker(checker, partial);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    const why = error instanceof CommandError ? error.stderr.trim().slice(-400) : String(error);
    throw new DatasetError(`problem ${problemId}: its checker does not compile: ${why}`, {
      hint: "fix the row's checker.source (C++17, g++; testlib.h is not provided)",
    });
  }
  // A folder already there is the same build (content-keyed), by a passk running alongside.
  await rename(partial, dir).catch(() => undefined);
  await rm(partial, { recursive: true, force: true });
  return result;
}

async function buildChecker(checker: CheckerSource, dir: string): Promise<void> {
  if (checker.language === 'python') {
    await writeFile(join(dir, 'checker'), `#!/usr/bin/python3 -I\n${checker.source}`);
    await chmod(join(dir, 'checker'), 0o755);
    return;
  }
  await writeFile(join(dir, 'checker.cpp'), checker.source);
  const argv = judgeSandboxArgv({
    readOnly: {},
    writable: { '/build': dir },
    command: ['g++', '-O2', '-std=c++17', '-w', '-o', '/build/checker', '/build/checker.cpp'],
  });
  await runCommand(argv, { timeoutMs: COMPILE_MS });
}

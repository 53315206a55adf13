import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../../tasks/types.js';
import { writeFileDurably } from './durable-write.js';

/**
 * The test code bigcode-evaluation-harness's `task.get_reference(doc)` returns for a problem:
 * the task's own `meta.bigcodeReference` where passk's test code differs from bigcode's (MBPP:
 * the asserts joined by newlines, without passk's `test_setup_code`), else the problem's tests
 * (HumanEval: "\n" + test + "\ncheck(entry_point)"; MultiPL-E: the dataset's `tests`).
 */
export function bigcodeReference(problem: Problem): string {
  const own = problem.meta['bigcodeReference'];
  return typeof own === 'string' ? own : problem.tests;
}

/**
 * Writes bigcode's references.json (`--save_references`) into `dir`: a JSON list, one string per
 * problem, in problem order. Returns its path.
 */
export async function writeBigcodeReferences(
  dir: string,
  problems: readonly Problem[],
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'references.json');
  await writeFileDurably(file, JSON.stringify(problems.map(bigcodeReference)));
  return file;
}

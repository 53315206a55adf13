import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Problem } from '../../../tasks/types.js';

/**
 * A tiny made-up problem. `prompt` (what the task sends) deliberately differs from
 * `datasetPrompt` (verbatim), as bigcode's stripped prompt does, so tests can tell them apart.
 */
export function fakeProblem(id: string): Problem {
  const datasetPrompt = `def f_${id.replace(/\W/g, '_')}(x):\n    """Return x."""\n`;
  return {
    id,
    language: 'python',
    prompt: datasetPrompt.trimEnd(),
    datasetPrompt,
    tests: '\nassert True\n',
    meta: {},
  };
}

export function fakeProblems(...ids: string[]): Problem[] {
  return ids.map(fakeProblem);
}

/** Returns a `tempFile(name)` helper that creates the per-test temp dir on first use. */
export function tempFiles(): (name: string) => Promise<string> {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return async (name) => {
    dir ??= await mkdtemp(join(tmpdir(), 'passk-formats-'));
    return join(dir, name);
  };
}

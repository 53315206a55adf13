import { cutAtStop } from '../../src/postprocess/stop.js';
import { defineTask, type Problem } from '../../src/tasks/types.js';

/** A hand-written stand-in for HumanEval: python functions, bigcode-style stop sequences. */
export const tinyTask = defineTask({
  name: 'tiny',
  description: 'test task',
  language: 'python',
  dataset: { hub: { repo: 'none/none', revision: '0', path: 'none' } },
  defaultTimeoutMs: 1000,
  stopSequences: ['\ndef', '\nclass', '\nif', '\nprint'],
  problems: () => [],
  postprocess: (problem, generation) =>
    problem.prompt + cutAtStop(generation, tinyTask.stopSequences),
  program: (problem, candidate) => ({
    language: problem.language,
    source: candidate + problem.tests,
  }),
});

export function tinyProblems(count: number): Problem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `Tiny/${i}`,
    language: 'python',
    prompt: `def f${i}(x):\n    """Return something."""\n`,
    datasetPrompt: `def f${i}(x):\n    """Return something."""\n`,
    tests: `assert f${i}(1) is not None\n`,
    entryPoint: `f${i}`,
    meta: {},
  }));
}

import type { Task } from '../types.js';

/**
 * bigcode-evaluation-harness's names for passk tasks that send the same prompts and run the same
 * tests, so a bigcode command line (`--tasks multiple-js`) and its leaderboard script (which reads
 * `metrics[<bigcode task name>]['pass@1']`) work unchanged. bigcode's `humaneval`,
 * `humaneval-unstripped`, `humanevalplus`, `humanevalplus-unstripped`, `mbpp` and `mbppplus` are
 * passk's names already.
 */
export const BIGCODE_ALIASES: Readonly<Record<string, string>> = {
  'multiple-cpp': 'multipl-e-cpp',
  'multiple-java': 'multipl-e-java',
  'multiple-js': 'multipl-e-js',
  'multiple-ts': 'multipl-e-ts',
  'multiple-go': 'multipl-e-go',
  'multiple-rs': 'multipl-e-rs',
  'multiple-sh': 'multipl-e-sh',
  'multiple-php': 'multipl-e-php',
  'multiple-rb': 'multipl-e-rb',
  'multiple-lua': 'multipl-e-lua',
  'multiple-pl': 'multipl-e-pl',
  'multiple-r': 'multipl-e-r',
  'multiple-rkt': 'multipl-e-rkt',
  'multiple-scala': 'multipl-e-scala',
  'multiple-cs': 'multipl-e-cs',
  'multiple-d': 'multipl-e-d',
};

/**
 * `task` under another name. metrics.json is keyed by the task's name, so the alias's runs are
 * filed under the name the user gave, as bigcode files them.
 */
export function aliasOf(task: Task, alias: string): Task {
  return {
    ...task,
    name: alias,
    description: `${task.description} [bigcode name of ${task.name}]`,
  };
}

/** `task` with every prompt exactly as its dataset has it (bigcode's `…-unstripped` variants). */
export function unstrippedOf(task: Task, name: string): Task {
  return {
    ...task,
    name,
    description: `${task.description}; prompt exactly as in the dataset`,
    problems: (rows, file) =>
      task.problems(rows, file).map((problem) => ({ ...problem, prompt: problem.datasetPrompt })),
  };
}

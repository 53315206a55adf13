import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/**
 * HumanEvalPack (bigcode's instruct prompt): synthesize, fix with tests, fix with docs; and
 * explain: describe (generation only), then synthesize from the descriptions.
 */
const LANGUAGES = ['python', 'js', 'java', 'go', 'cpp', 'rust'] as const;
const loaders: Record<string, () => Promise<Task>> = {};
for (const language of LANGUAGES) {
  for (const variant of ['synthesize', 'fixtests', 'fixdocs'] as const) {
    const name =
      variant === 'synthesize'
        ? `humanevalsynthesize-${language}`
        : `humaneval${variant}-${language}`;
    loaders[name] = async () => (await import('./task.js')).humanEvalPack(language, variant);
  }
  loaders[`humanevalexplaindescribe-${language}`] = async () =>
    (await import('./explain-task.js')).humanEvalExplainDescribe(language);
  loaders[`humanevalexplainsynthesize-${language}`] = async () =>
    (await import('./explain-task.js')).humanEvalExplainSynthesize(language);
}
export const family = familyOf('humanevalpack', loaders);

import { promptDeclarations, testsMarker } from '../../execution/languages/kit/test-binding.js';
import type { Language } from '../../execution/types.js';
import type { Problem } from '../types.js';
import type { McevalData } from './rows.js';

/**
 * The line before a McEval row's test in a language whose runtime binds the tests
 * (test-binding.ts): the entry point and every name the prompt and the reference declare, which
 * the candidate may declare too; any other name the tests use is theirs.
 */
export function mcevalTestsMarker(language: Language, problem: Problem<McevalData>): string {
  const declared = promptDeclarations(language, `${problem.datasetPrompt}\n${problem.reference}`);
  return testsMarker([problem.entryPoint ?? '', ...declared]);
}

import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import { languageManifests } from '../../execution/languages/index.js';
import type { Language } from '../../execution/types.js';
import { pythonStrip } from '../kit/python-program.js';
import { adaptTests } from '../multilang/multipl-e-tests.js';
import { braceCandidate, joinProgram } from '../multilang/program.js';
import { defineTask, type Problem, type Task } from '../types.js';
import { multiplEReference, multiplERules } from './reference.js';

const rowSchema = z.object({
  name: z.string(),
  prompt: z.string(),
  tests: z.string(),
  stop_tokens: z.array(z.string()),
});

/**
 * MultiPL-E's languages: every language folder whose manifest names a MultiPL-E suffix
 * (src/execution/languages/<name>/manifest.json `multiplE`), with the stop tokens of its file.
 */
export function multiplELanguages(): readonly {
  suffix: string;
  language: Language;
  stops: readonly string[];
}[] {
  return languageManifests().flatMap((manifest) =>
    manifest.multiplE
      ? [
          {
            suffix: manifest.multiplE.suffix,
            language: manifest.name,
            stops: manifest.multiplE.stops,
          },
        ]
      : [],
  );
}

function multiplELanguage(suffix: string): { language: Language; stops: readonly string[] } {
  const found = multiplELanguages().find((entry) => entry.suffix === suffix);
  if (!found) throw new Error(`no language folder has MultiPL-E suffix '${suffix}'`);
  return found;
}

/**
 * bigcode-evaluation-harness's stop words for `multiple-LANG` (tasks/multiple.py,
 * GeneralMultiPLE.__init__): the first row's `stop_tokens` plus `<file_sep>`.
 */
export function multiplEStops(suffix: string): readonly string[] {
  return [...multiplELanguage(suffix).stops, '<file_sep>'];
}

/**
 * MultiPL-E (Cassano et al., 2023): HumanEval translated by compilers from Python, prompt +
 * tests; the tests start by closing the function the prompt opened. No canonical solutions.
 */
export function multiplE(suffix: string): Task {
  const { language } = multiplELanguage(suffix);
  const stops = multiplEStops(suffix);
  const rules = multiplERules(suffix);
  const task: Task = defineTask({
    name: `multipl-e-${suffix}`,
    description: `MultiPL-E HumanEval in ${language} (${suffix}), prompt stripped as bigcode's multiple-${suffix}; tests only, no reference solutions`,
    language,
    dataset: {
      // Not verified against the Hub: the local file (shared data) is what the tests use.
      hub: { repo: 'nuprl/MultiPL-E', revision: 'main', path: `humaneval-${suffix}/test.parquet` },
      localFile: `multipl-e/humaneval-${suffix}.jsonl`,
    },
    // The run's limit of MultiPL-E's evaluator for this language (reference.ts).
    defaultTimeoutMs: multiplEReference(suffix).timeoutS * 1000,
    stopSequences: stops,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map(
        (row): Problem => ({
          id: row.name,
          language,
          // bigcode: `doc["prompt"].strip()` (tasks/multiple.py, GeneralMultiPLE.get_prompt), so
          // a stop sequence that starts with a newline can match right after the prompt.
          prompt: pythonStrip(row.prompt),
          datasetPrompt: row.prompt,
          tests: adaptTests(suffix, row.tests),
          // bigcode's get_reference is the dataset's tests as they are (references.json).
          meta: { stopTokens: row.stop_tokens, bigcodeReference: row.tests },
        }),
      );
    },
    postprocess: (problem, generation) => braceCandidate(problem, generation, stops, ''),
    // MultiPL-E's tests follow the completion directly: they open with the closing brace.
    // Scored by the evaluator's own pass rules too (stderr, loose equality: reference.ts).
    program: (problem, candidate) => {
      const program = joinProgram(language, problem, candidate);
      return rules === undefined ? program : { ...program, referenceRules: rules };
    },
  });
  return task;
}

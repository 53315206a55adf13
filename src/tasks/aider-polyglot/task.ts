import type { Program } from '../../execution/types.js';
import { completionIsAnswer } from '../kit/answer-rows.js';
import type { Problem, Task } from '../types.js';
import { exercismFiles, exercismSource } from './candidate-files.js';
import type { AiderData } from './data.js';
import { type AiderLanguage, type Exercise, exercisesOf } from './exercises.js';
import { extractFiles } from './extract.js';
import { aiderFeedback } from './feedback.js';
import { instructionFor } from './prompt.js';
import { unskip } from './tests.js';

/** The default --max-new-tokens of the aider-polyglot tasks (see defaultMaxNewTokens below). */
export const AIDER_MAX_NEW_TOKENS = 8192;

/** Every track (see docs/aider-polyglot.md for what each needs installed). */
export const RUNNABLE: readonly AiderLanguage[] = [
  'cpp',
  'go',
  'java',
  'javascript',
  'python',
  'rust',
];

function problemOf(exercise: Exercise): Problem<AiderData> {
  const instruction = instructionFor(exercise);
  return {
    id: exercise.id,
    language: `exercism-${exercise.language}`,
    prompt: instruction,
    datasetPrompt: exercise.instructions,
    tests: '',
    ...(exercise.referenceNeeds.length > 0
      ? {}
      : { reference: exercismSource(exercise.reference) }),
    meta: {
      ...(exercise.referenceNeeds.length > 0
        ? { referenceUnavailable: `needs crates ${exercise.referenceNeeds.join(', ')}` }
        : {}),
      exercise: exercise.name,
      track: exercise.language,
      solution: exercise.solution,
      support: exercise.support,
    },
  };
}

/**
 * The program: the exercise folder with the tests un-skipped, the stubs, and over them the
 * files the candidate holds (the candidate is an exercismSource of the edited files only).
 */
function programOf(problem: Problem<AiderData>, candidate: string): Program {
  const { track, solution, support } = problem.meta;
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(support)) files[path] = unskip(track, path, text);
  Object.assign(files, solution);
  const edited = candidateFiles(candidate, Object.keys(solution));
  // the solution files, or new files beside them (a Java class of its own); never the tests,
  // build files or anything outside the exercise
  for (const [path, text] of Object.entries(edited)) {
    if (path in solution || (!(path in support) && isPlainPath(path))) files[path] = text;
  }
  return { language: problem.language, source: '', files };
}

/**
 * The files a candidate holds: an exercismSource (what replyProgram makes), else text read as a
 * whole-file reply (a raw reply from a samples file, or any other text).
 */
function candidateFiles(candidate: string, editable: readonly string[]): Record<string, string> {
  if (candidate.trim() === '') return {};
  try {
    return exercismFiles(candidate);
  } catch {
    return extractFiles(candidate, editable);
  }
}

function isPlainPath(path: string): boolean {
  return (
    !path.startsWith('/') && path.split('/').every((part) => part !== '' && !part.startsWith('.'))
  );
}

/** A chat reply's files (whole-file format) as the candidate. */
function replyProgram(problem: Problem<AiderData>, reply: string): string {
  return exercismSource(extractFiles(reply, Object.keys(problem.meta.solution)));
}

/**
 * Aider's polyglot benchmark: Exercism exercises in six languages, the model edits the stub
 * file(s) from the instructions (chat, whole files), the exercise's own tests run in the
 * sandbox, and a failure's test output goes back for a second try. `language`: one track;
 * absent: every track passk can run.
 */
export function aiderPolyglot(language?: AiderLanguage): Task<AiderData> {
  const name = language === undefined ? 'aider-polyglot' : `aider-polyglot-${language}`;
  const tracks = language === undefined ? RUNNABLE : [language];
  return {
    name,
    description: `Aider polyglot: Exercism exercises${language ? ` (${language})` : ''}, whole-file chat edits, a second try with the test output`,
    language: `exercism-${tracks[0]}`,
    languages: tracks.map((track) => `exercism-${track}`),
    dataset: {
      hub: {
        repo: 'Aider-AI/polyglot-benchmark',
        revision: '7e0611e77b54e2dea774cdc0aa00cf9f7ed6144f',
        path: '.',
      },
      localDir: language === undefined ? 'aider-polyglot' : `aider-polyglot/${language}`,
    },
    // a whole test suite with its build, on a loaded machine
    defaultTimeoutMs: 180_000,
    // whole files, twice: Aider sets no limit of its own (the provider's applies), and its model
    // settings send max_tokens 8192 where one is needed (Claude 3.5 Sonnet, DeepSeek)
    defaultMaxNewTokens: AIDER_MAX_NEW_TOKENS,
    stopSequences: [],
    problems(rows, file) {
      return exercisesOf(rows, file, language)
        .filter((exercise) => tracks.includes(exercise.language))
        .map(problemOf);
    },
    // completion models cannot take part (chat only); a raw reply is read as a chat reply
    fromCompletion: completionIsAnswer,
    postprocess: replyProgram,
    chatPostprocess: replyProgram,
    instructionPrompt: (problem) => problem.prompt,
    program: programOf,
    feedback: aiderFeedback,
    metricsInfo: { edit_format: 'whole', max_turns: aiderFeedback.maxTurns },
  };
}

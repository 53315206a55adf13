import type { Program } from '../../execution/types.js';
import { completionIsAnswer } from '../kit/answer-rows.js';
import type { Problem, Task } from '../types.js';
import { AIDER_REVISION, type EditFormat } from './aider-prompts.js';
import { exercismFiles, exercismSource } from './candidate-files.js';
import {
  aiderConversation,
  applyReply,
  ChatFiles,
  instructionsMessage,
  type ReplyOutcome,
} from './conversation.js';
import type { AiderData } from './data.js';
import { type AiderLanguage, type Exercise, exercisesOf } from './exercises.js';
import { aiderFeedback } from './feedback.js';
import { unskip } from './tests.js';

/** The default --max-new-tokens of the aider-polyglot tasks (see defaultMaxNewTokens below). */
export const AIDER_MAX_NEW_TOKENS = 8192;

/**
 * The edit format when none is asked for: `diff` (SEARCH/REPLACE blocks), which 47 of the 69
 * entries of aider's polyglot leaderboard use.
 */
export const DEFAULT_EDIT_FORMAT: EditFormat = 'diff';

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
  const problem: Problem<AiderData> = {
    id: exercise.id,
    language: `exercism-${exercise.language}`,
    prompt: '',
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
  // the first user message aider's benchmark sends (what a completion prompt would be)
  return { ...problem, prompt: instructionsMessage(problem) };
}

/**
 * The program: the exercise folder with the tests un-skipped, the stubs, and over them the
 * files the candidate holds (the candidate is an exercismSource of the edited files only).
 */
function programOf(problem: Problem<AiderData>, candidate: string, format: EditFormat): Program {
  const { track, solution, support } = problem.meta;
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(support)) files[path] = unskip(track, path, text);
  Object.assign(files, solution);
  const edited = candidateFiles(problem, candidate, format);
  // the solution files, or new files beside them (a Java class of its own); never the tests,
  // build files or anything outside the exercise
  for (const [path, text] of Object.entries(edited)) {
    if (path in solution || (!(path in support) && isPlainPath(path))) files[path] = text;
  }
  return { language: problem.language, source: '', files };
}

/**
 * The files a candidate holds: an exercismSource (what replyProgram makes), else text read as a
 * reply in the edit format, applied to the stubs (a raw reply from a samples file).
 */
function candidateFiles(
  problem: Problem<AiderData>,
  candidate: string,
  format: EditFormat,
): Record<string, string> {
  if (candidate.trim() === '') return {};
  try {
    return exercismFiles(candidate);
  } catch {
    return replyFiles(problem, candidate, format);
  }
}

/** The chat files after a reply, by path: applied to `previous`'s files, else to the stubs. */
function replyFiles(
  problem: Problem<AiderData>,
  reply: string,
  format: EditFormat,
  previous?: string,
): Record<string, string> {
  const chat = new ChatFiles(problem);
  return chat.paths(replyOutcome(problem, reply, format, previous, chat).files);
}

/** A reply applied to `previous`'s files (else the stubs), by aider's names, with its error. */
function replyOutcome(
  problem: Problem<AiderData>,
  reply: string,
  format: EditFormat,
  previous: string | undefined,
  chat: ChatFiles,
): ReplyOutcome {
  const before =
    previous === undefined
      ? problem.meta.solution
      : { ...problem.meta.solution, ...candidateFiles(problem, previous, format) };
  return applyReply(format, chat.named(before), reply, chat);
}

/** Aider's reflection message for a reply that could not be applied (its ValueError's text). */
function replyError(format: EditFormat) {
  return (problem: Problem<AiderData>, reply: string, previous?: string): string | undefined =>
    replyOutcome(problem, reply, format, previous, new ChatFiles(problem)).error;
}

function isPlainPath(path: string): boolean {
  return (
    !path.startsWith('/') && path.split('/').every((part) => part !== '' && !part.startsWith('.'))
  );
}

/** A chat reply's files (the edit format's, on the turn before's files) as the candidate. */
function replyProgram(format: EditFormat) {
  return (problem: Problem<AiderData>, reply: string, previous?: string): string =>
    exercismSource(replyFiles(problem, reply, format, previous));
}

/**
 * Aider's polyglot benchmark: Exercism exercises in six languages, the model edits the stub
 * file(s) from the instructions (chat, whole files), the exercise's own tests run in the
 * sandbox, and a failure's test output goes back for a second try. `language`: one track;
 * absent: every track passk can run.
 */
export function aiderPolyglot(
  language?: AiderLanguage,
  format: EditFormat = DEFAULT_EDIT_FORMAT,
): Task<AiderData> {
  const base = language === undefined ? 'aider-polyglot' : `aider-polyglot-${language}`;
  const tracks = language === undefined ? RUNNABLE : [language];
  const feedback = aiderFeedback(format, replyError(format));
  return {
    name: format === DEFAULT_EDIT_FORMAT ? base : `${base}:${format}`,
    description: `Aider polyglot: Exercism exercises${language ? ` (${language})` : ''}, aider's ${format === 'diff' ? 'SEARCH/REPLACE' : 'whole-file'} chat edits, a second try with the test output`,
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
    postprocess: (problem, reply) => replyProgram(format)(problem, reply),
    chatPostprocess: replyProgram(format),
    chatMessages: (problem) => aiderConversation(format, problem, [], []),
    program: (problem, candidate) => programOf(problem, candidate, format),
    feedback,
    metricsInfo: {
      edit_format: format,
      max_turns: feedback.maxTurns,
      max_reflections: feedback.reflections?.max,
      aider_prompts: `Aider-AI/aider@${AIDER_REVISION}`,
    },
  };
}

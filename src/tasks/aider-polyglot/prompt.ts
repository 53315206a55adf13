import type { AiderLanguage, Exercise } from './exercises.js';

const FENCE_LANGUAGE: Record<AiderLanguage, string> = {
  cpp: 'cpp',
  go: 'go',
  java: 'java',
  javascript: 'javascript',
  python: 'python',
  rust: 'rust',
};

/** A file in Aider's whole-file form: its path on a line of its own, then the fenced content. */
export function wholeFile(path: string, text: string, language: AiderLanguage): string {
  return `${path}\n\`\`\`${FENCE_LANGUAGE[language]}\n${text.replace(/\n?$/, '\n')}\`\`\``;
}

/** The names of the files to edit, as Aider lists them (space-separated). */
export function fileList(exercise: Pick<Exercise, 'solution'>): string {
  return Object.keys(exercise.solution).join(' ');
}

/**
 * The first user message: the exercise's instructions, then what Aider's benchmark adds after
 * them (edit these files, keep the names the tests use, standard library only), then the stub
 * files and how to send them back (Aider's "whole" edit format: every changed file in full,
 * its path on the line before the fence).
 */
export function instructionFor(exercise: Exercise): string {
  const files = Object.entries(exercise.solution)
    .map(([path, text]) => wholeFile(path, text, exercise.language))
    .join('\n\n');
  return [
    exercise.instructions,
    '',
    '####',
    '',
    `Use the above instructions to modify the supplied files: ${fileList(exercise)}`,
    "Don't change the names of existing functions or classes, as they may be referenced from other code like unit tests, etc.",
    "Only use standard libraries, don't suggest installing any packages.",
    '',
    'The files:',
    '',
    files,
    '',
    'Reply with the complete new content of every file you change: its path alone on one line, then the whole file in a fenced code block. Do not elide any code.',
  ].join('\n');
}

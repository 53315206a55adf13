import type { AiderLanguage } from './exercises.js';

/**
 * An Aider polyglot problem's data: the exercise, its track, the files the model edits (path →
 * stub) and the rest of the exercise folder (tests, build files).
 */
export type AiderData = {
  exercise: string;
  track: AiderLanguage;
  solution: Record<string, string>;
  support: Record<string, string>;
};

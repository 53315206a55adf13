import type { LanguageModule } from '../types.js';
import { exercismJavascript } from './exercism-javascript.js';
import { javascript } from './javascript.js';

/** javascript: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = {
  runtimes: { javascript, 'exercism-javascript': exercismJavascript },
};

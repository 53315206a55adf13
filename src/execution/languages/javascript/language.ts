import { exercismJavascript } from '../../runtimes/exercism-javascript.js';
import { javascript } from '../../runtimes/javascript.js';
import type { LanguageModule } from '../types.js';

/** javascript: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = {
  runtimes: { javascript, 'exercism-javascript': exercismJavascript },
};

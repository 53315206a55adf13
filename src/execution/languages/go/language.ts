import type { LanguageModule } from '../types.js';
import { exercismGo } from './exercism.js';
import { go } from './go.js';

/** go: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { go, 'exercism-go': exercismGo } };

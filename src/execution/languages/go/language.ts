import { exercismGo } from '../../runtimes/exercism.js';
import { go } from '../../runtimes/go.js';
import type { LanguageModule } from '../types.js';

/** go: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { go, 'exercism-go': exercismGo } };

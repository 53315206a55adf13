import type { LanguageModule } from '../types.js';
import { cpp } from './cpp.js';
import { exercismCpp } from './exercism.js';

/** cpp: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { cpp, 'exercism-cpp': exercismCpp } };

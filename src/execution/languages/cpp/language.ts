import { cpp } from '../../runtimes/cpp.js';
import { exercismCpp } from '../../runtimes/exercism.js';
import type { LanguageModule } from '../types.js';

/** cpp: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { cpp, 'exercism-cpp': exercismCpp } };

import type { LanguageModule } from '../types.js';
import { exercismJava } from './exercism.js';
import { java } from './java.js';

/** java: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { java, 'exercism-java': exercismJava } };

import { exercismJava } from '../../runtimes/exercism.js';
import { java } from '../../runtimes/java.js';
import type { LanguageModule } from '../types.js';

/** java: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { java, 'exercism-java': exercismJava } };

import type { LanguageModule } from '../types.js';
import { php } from './php.js';

/** php: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { php } };

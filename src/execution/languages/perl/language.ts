import type { LanguageModule } from '../types.js';
import { perl } from './perl.js';

/** perl: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { perl } };

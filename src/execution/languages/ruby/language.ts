import type { LanguageModule } from '../types.js';
import { ruby } from './ruby.js';

/** ruby: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { ruby } };

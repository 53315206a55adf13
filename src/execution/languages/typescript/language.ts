import type { LanguageModule } from '../types.js';
import { typescript } from './typescript.js';

/** typescript: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { typescript } };

import type { LanguageModule } from '../types.js';
import { shell } from './shell.js';

/** shell: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { shell } };

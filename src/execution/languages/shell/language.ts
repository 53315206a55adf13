import { shell } from '../../runtimes/scripts.js';
import type { LanguageModule } from '../types.js';

/** shell: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { shell } };

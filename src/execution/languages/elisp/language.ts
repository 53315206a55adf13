import type { LanguageModule } from '../types.js';
import { elisp } from './elisp.js';

/** elisp: its runtimes by Program.language. */
export const language: LanguageModule = { runtimes: { elisp } };

import type { LanguageModule } from '../types.js';
import { vimscript } from './vimscript.js';

/** vimscript: its runtimes by Program.language. */
export const language: LanguageModule = { runtimes: { vimscript } };

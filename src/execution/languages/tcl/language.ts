import type { LanguageModule } from '../types.js';
import { tcl } from './tcl.js';

/** tcl: its runtimes by Program.language. */
export const language: LanguageModule = { runtimes: { tcl } };

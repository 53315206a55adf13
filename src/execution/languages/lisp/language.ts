import type { LanguageModule } from '../types.js';
import { lisp } from './lisp.js';

/** lisp: Common Lisp under SBCL. */
export const language: LanguageModule = { runtimes: { lisp } };

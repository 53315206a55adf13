import type { LanguageModule } from '../types.js';
import { racket } from './racket.js';

/** racket: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { racket } };

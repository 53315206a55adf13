import type { LanguageModule } from '../types.js';
import { d } from './d.js';

/** d: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { d } };

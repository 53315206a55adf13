import type { LanguageModule } from '../types.js';
import { r } from './r.js';

/** r: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { r } };

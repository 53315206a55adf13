import { php } from '../../runtimes/scripts.js';
import type { LanguageModule } from '../types.js';

/** php: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { php } };

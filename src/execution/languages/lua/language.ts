import { lua } from '../../runtimes/scripts.js';
import type { LanguageModule } from '../types.js';

/** lua: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { lua } };

import type { LanguageModule } from '../types.js';
import { lua } from './lua.js';

/** lua: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { lua } };

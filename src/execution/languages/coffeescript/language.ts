import type { LanguageModule } from '../types.js';
import { coffeescript } from './coffeescript.js';

/** coffeescript: its runtimes by Program.language. */
export const language: LanguageModule = { runtimes: { coffeescript } };

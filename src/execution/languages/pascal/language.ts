import type { LanguageModule } from '../types.js';
import { pascal } from './pascal.js';

/** pascal: Free Pascal, with passk's unit loaded before the program's own. */
export const language: LanguageModule = { runtimes: { pascal } };

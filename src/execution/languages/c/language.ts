import type { LanguageModule } from '../types.js';
import { c } from './c.js';

/** C: gcc, the tests in their own translation unit when marked. */
export const language: LanguageModule = { runtimes: { c } };

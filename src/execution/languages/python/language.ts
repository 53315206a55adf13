import type { LanguageModule } from '../types.js';
import { exercismPython } from './exercism.js';
import { python } from './python.js';

/** python: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { python, 'exercism-python': exercismPython } };

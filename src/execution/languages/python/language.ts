import { python } from '../../runtimes/python.js';
import type { LanguageModule } from '../types.js';
import { exercismPython } from './exercism.js';

/** python: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { python, 'exercism-python': exercismPython } };

import type { LanguageModule } from '../types.js';
import { exercismRust } from './exercism.js';
import { rust } from './rust.js';

/** rust: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { rust, 'exercism-rust': exercismRust } };

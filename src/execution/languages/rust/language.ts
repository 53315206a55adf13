import { exercismRust } from '../../runtimes/exercism.js';
import { rust } from '../../runtimes/rust.js';
import type { LanguageModule } from '../types.js';

/** rust: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { rust, 'exercism-rust': exercismRust } };

import type { LanguageModule } from '../types.js';
import { csharp } from './csharp.js';

/** csharp: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { csharp } };

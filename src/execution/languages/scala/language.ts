import type { LanguageModule } from '../types.js';
import { scala } from './scala.js';

/** scala: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { scala } };

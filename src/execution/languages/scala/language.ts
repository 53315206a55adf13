import { scala } from '../../runtimes/scala.js';
import type { LanguageModule } from '../types.js';

/** scala: its runtimes by Program.language (the plain one and its harness variants). */
export const language: LanguageModule = { runtimes: { scala } };

import type { LanguageModule } from '../types.js';
import { kotlin } from './kotlin.js';

/** kotlin: Kotlin scripts (`kotlinc -script`, npm's kotlin-compiler), run on the JDK. */
export const language: LanguageModule = { runtimes: { kotlin } };

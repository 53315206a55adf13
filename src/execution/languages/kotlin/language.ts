import type { LanguageModule } from '../types.js';
import { kotlin } from './kotlin.js';

/** kotlin: Kotlin 1.3 scripts (`kotlinc -script`), run on the JDK. */
export const language: LanguageModule = { runtimes: { kotlin } };

import type { LanguageModule } from '../types.js';
import { groovy } from './groovy.js';

/** groovy: Groovy 2.4 scripts, run on the JDK by groovy.ui.GroovyMain. */
export const language: LanguageModule = { runtimes: { groovy } };

import type { LanguageModule } from '../types.js';
import { groovy } from './groovy.js';

/** groovy: Groovy 4 scripts (npm-groovy-lint's Apache Groovy jars), run on the JDK by GroovyMain. */
export const language: LanguageModule = { runtimes: { groovy } };

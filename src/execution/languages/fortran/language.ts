import type { LanguageModule } from '../types.js';
import { fortran } from './fortran.js';

/** fortran: gfortran, the program's main program wrapped by kit/passk_wrap_main.c. */
export const language: LanguageModule = { runtimes: { fortran } };

import type { LanguageModule } from '../types.js';
import { haskell } from './haskell.js';

/** haskell: GHC, the program's main called by passk's PasskMain.hs. */
export const language: LanguageModule = { runtimes: { haskell } };

import type { LanguageModule } from '../types.js';
import { erlang } from './erlang.js';

/** erlang: Erlang/OTP (erlc + erl), the module's test/0 called by passk_erl.erl. */
export const language: LanguageModule = { runtimes: { erlang } };

import type { LanguageModule } from '../types.js';
import { elixir } from './elixir.js';

/** elixir: Elixir scripts (`elixir file.exs`) on Erlang/OTP, their ExUnit tests run by passk. */
export const language: LanguageModule = { runtimes: { elixir } };

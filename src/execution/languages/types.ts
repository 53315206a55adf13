import type { Runtime } from './kit/types.js';

/** A Debian package a language's toolchain needs, and the paths that show it is installed. */
export interface DebianPackage {
  package: string;
  /** Any one existing (a shell glob; `$HOME` expands) means installed. */
  probes: string[];
}

/**
 * The facts about one language that other parts read instead of repeating them: its folder's
 * manifest.json. scripts/setup.sh reads `debian`, MultiPL-E reads `multiplE`, the registry reads
 * `runtimes` (the Program.language names its language.ts provides).
 */
export interface LanguageManifest {
  /** The folder's name. */
  name: string;
  /** A source file's suffix, with the dot. */
  suffix: string;
  /** Program.language names this language runs: itself, then harness variants (`exercism-go`). */
  runtimes: string[];
  debian: DebianPackage[];
  /** MultiPL-E's name for the language (its file suffix) and its dataset's stop tokens. */
  multiplE?: { suffix: string; stops: string[] };
}

/** What a language folder's language.ts exports as `language`. */
export interface LanguageModule {
  /** Program.language → its runtime; the keys are the manifest's `runtimes`. */
  runtimes: Readonly<Record<string, Runtime>>;
}

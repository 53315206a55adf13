import { RuntimeMissingError } from '../core/errors.js';
import { runtimes } from '../execution/index.js';

/** A task's toolchain as a run would find it (not Python: see environment-check.ts). */
export interface ToolchainCheck {
  language: string;
  version?: string;
  /** The missing-toolchain error's message; its hint is the report's. */
  missing?: string;
}

/** Resolves the task's runtime as a run would: a RuntimeMissingError is reported, not thrown. */
export async function checkToolchain(
  language: string,
): Promise<{ check: ToolchainCheck; hint?: string }> {
  try {
    const { toolchain } = await (await runtimes.get(language)).resolve({});
    return { check: { language, version: toolchain.version } };
  } catch (error) {
    if (!(error instanceof RuntimeMissingError)) throw error;
    return {
      check: { language, missing: error.message },
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    };
  }
}

/**
 * Every toolchain a task's programs need (a combined task such as `aider-polyglot` runs six
 * languages; each must be found, not only the first), Python excepted (environment-check.ts).
 * One at a time: each resolve may start a compiler, and the machine may be busy.
 */
export async function checkToolchains(
  languages: readonly string[],
): Promise<{ checks: ToolchainCheck[]; hints: string[] }> {
  const checks: ToolchainCheck[] = [];
  const hints: string[] = [];
  for (const language of new Set(languages.filter((l) => l !== 'python'))) {
    const { check, hint } = await checkToolchain(language);
    checks.push(check);
    if (check.missing !== undefined && hint !== undefined && !hints.includes(hint))
      hints.push(hint);
  }
  return { checks, hints };
}

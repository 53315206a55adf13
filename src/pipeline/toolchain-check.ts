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
    const install = await (await runtimes.get(language)).resolve({});
    return { check: { language, version: install.version } };
  } catch (error) {
    if (!(error instanceof RuntimeMissingError)) throw error;
    return {
      check: { language, missing: error.message },
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    };
  }
}

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { ConfigError } from '../index.js';

/** The flags a run was started with, so that `--resume DIR` needs nothing else. */
export const RUN_CONFIG_FILE = 'run-config.json';

/**
 * The option bag for this invocation: on resume, the saved flags with the ones given on this
 * command line laid over them (defaults never override what the run was started with).
 */
export async function resolveRunFlags(
  raw: Record<string, unknown>,
  command: Command,
): Promise<Record<string, unknown>> {
  const resume = raw['resume'];
  if (typeof resume !== 'string') return raw;
  const saved = await readRunConfig(resume);
  const explicit = Object.fromEntries(
    Object.entries(raw).filter(([key]) => command.getOptionValueSource(key) === 'cli'),
  );
  return { ...raw, ...saved, ...explicit, resume };
}

async function readRunConfig(dir: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(join(dir, RUN_CONFIG_FILE), 'utf8')) as Record<
      string,
      unknown
    >;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      code === 'ENOENT'
        ? `${dir} is not a passk run directory (no ${RUN_CONFIG_FILE})`
        : `cannot read ${join(dir, RUN_CONFIG_FILE)}: ${(error as Error).message}`,
      { hint: 'pass the directory a `passk run` wrote (its --output-dir)' },
    );
  }
}

/** Saves the flags (minus resume itself) before any sample is generated. */
export async function saveRunConfig(dir: string, flags: Record<string, unknown>): Promise<void> {
  // The opt-in to run code is never inherited: a resumed run must be given it again.
  const { resume: _resume, allowCodeExecution: _allow, ...rest } = flags;
  await writeFile(join(dir, RUN_CONFIG_FILE), `${JSON.stringify(rest, null, 2)}\n`);
}

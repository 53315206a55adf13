import { Command, CommanderError } from 'commander';
import { oneLine, PASSK_VERSION, PasskError } from '../index.js';
import { registerCompare } from './commands/compare.js';
import { registerContamination } from './commands/contamination.js';
import { registerDoctor } from './commands/doctor.js';
import { registerEvaluate } from './commands/evaluate.js';
import { registerMerge } from './commands/merge.js';
import { registerReport } from './commands/report.js';
import { registerRun } from './commands/run.js';
import { registerRuns } from './commands/runs.js';
import { registerServe } from './commands/serve.js';
import { registerShow } from './commands/show.js';
import { registerTasks } from './commands/tasks.js';
import type { Harness } from './harness-flag-table.js';
import { type HarnessTranslation, harnessNamesOf, translateHarnessFlags } from './harness-flags.js';
import { reportInternalError } from './internal-error.js';
import { checkPathFlags } from './path-flags.js';
import { installStopSignals } from './stop-signals.js';

/** Runs the CLI; returns the exit code. User mistakes print one line and a hint, no stack. */
export async function main(argv: string[]): Promise<number> {
  const stop = installStopSignals();
  let seen: HarnessTranslation['seen'] = new Set();
  const program = new Command('passk')
    .version(PASSK_VERSION)
    .description('Measure code-generation models by running the code they write: unbiased pass@k.')
    .exitOverride()
    // commander's own usage errors (unknown option, missing argument) look like passk's
    .configureOutput({
      outputError: (text, write) => write(`passk: ${withHarnessNames(text, argv[0], seen)}`),
    })
    .showHelpAfterError('(run with --help for usage)');
  registerTasks(program);
  registerEvaluate(program, stop.signals);
  registerRun(program, stop.signals);
  registerCompare(program);
  registerContamination(program);
  registerMerge(program);
  registerRuns(program);
  registerShow(program);
  registerReport(program);
  registerDoctor(program);
  registerServe(program, stop.signals);
  checkPathFlags(program);
  try {
    // bigcode-evaluation-harness and EvalPlus users' flags, in passk's spelling (or refused)
    const translated = translateHarnessFlags(argv, program);
    seen = translated.seen;
    for (const note of translated.notes) process.stderr.write(`passk: note: ${note}\n`);
    await program.parseAsync(translated.argv, { from: 'user' });
    // A command that finished but must report a partial outcome sets process.exitCode.
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    return reportError(error);
  } finally {
    stop.uninstall();
  }
}

/** Commander's "required option '--generations <file>' not specified", plus the harnesses' names. */
function withHarnessNames(text: string, command: string | undefined, seen: Set<Harness>): string {
  return text.replace(/required option '(--[\w-]+)[^']*' not specified/, (line, flag: string) => {
    const names = harnessNamesOf(flag, command ?? '', seen);
    return names.length === 0
      ? line
      : `${line} (${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'} read as ${flag})`;
  });
}

function reportError(error: unknown): number {
  if (error instanceof CommanderError) {
    // Commander has already printed its message (or the help text).
    return error.exitCode === 0 ? 0 : 2;
  }
  if (error instanceof PasskError) {
    process.stderr.write(`passk: error: ${oneLine(error.message)}\n`);
    if (error.hint) process.stderr.write(`  hint: ${oneLine(error.hint)}\n`);
    return error.exitCode;
  }
  return reportInternalError(error);
}

import { constants } from 'node:os';
import { z } from 'zod';
import type { ImmediateJudge } from '../execution/judge.js';
import {
  parseReport,
  stdioProgram,
  stdioTimeoutMs,
  type TestLine,
} from '../execution/stdio/index.js';
import type { Executor, Verdict } from '../execution/types.js';

/**
 * SandboxFusion's `POST /run_code` request (sandbox/server/sandbox_api.py's RunCodeRequest): the
 * same fields, defaults and names, so its clients (verl's `sandbox_fusion`) switch by URL.
 */
export const runCodeRequest = z.object({
  code: z.string(),
  language: z.string(),
  stdin: z.string().nullish(),
  compile_timeout: z.number().positive().max(600).default(10),
  run_timeout: z.number().positive().max(600).default(10),
  memory_limit_MB: z.number().int().default(-1),
  files: z.record(z.string(), z.string().nullable()).default({}),
  fetch_files: z.array(z.string()).default([]),
});
export type RunCodeRequest = z.infer<typeof runCodeRequest>;

/** SandboxFusion's CommandRunResult. */
interface CommandRunResult {
  status: 'Finished' | 'Error' | 'TimeLimitExceeded';
  execution_time: number | null;
  return_code: number | null;
  stdout: string | null;
  stderr: string | null;
}

/** SandboxFusion's RunCodeResponse. */
export interface RunCodeResponse {
  status: 'Success' | 'Failed' | 'SandboxError';
  message: string;
  compile_result: CommandRunResult | null;
  run_result: CommandRunResult | null;
  executor_pod_name: string | null;
  files: Record<string, string>;
}

/** SandboxFusion's language names → the stdio driver's (the languages passk runs this way). */
const LANGUAGES: Record<string, string> = { python: 'python', cpp: 'cpp', nodejs: 'javascript' };

/** The languages `/run_code` accepts, in SandboxFusion's names. */
export const RUN_CODE_LANGUAGES = Object.keys(LANGUAGES);

/**
 * Hands the driver's report back as the verdict's `output`: /run_code wants what the program
 * printed, not a comparison. Its key is fixed: the source (code and stdin) is in the cache key.
 */
const REPORT_JUDGE: ImmediateJudge = {
  key: 'serve-run-code-1',
  decide: (raw, report) => ({ ...raw, output: report }),
};

/** Per-program cap on the verdict's output kept (the driver sends stdout up to 1 MiB). */
const OUTPUT_CAP_BYTES = 2 * 1024 * 1024;
const DEFAULT_MEMORY_BYTES = 2 * 1024 ** 3;

/** Runs one SandboxFusion-shaped request in passk's sandbox (the stdio driver: one test). */
export async function runCode(
  executor: Executor,
  request: RunCodeRequest,
  signal?: AbortSignal,
): Promise<{ response: RunCodeResponse; verdict?: Verdict }> {
  const refused = refusal(request);
  if (refused !== undefined) return { response: sandboxError(refused) };
  const language = LANGUAGES[request.language]!;
  const limitMs = request.run_timeout * 1000;
  const compileMs = request.compile_timeout * 1000;
  const program = stdioProgram({
    language,
    source: request.code,
    cases: [{ input: request.stdin ?? '', output: '' }],
    limitMs,
    compileMs,
    judge: REPORT_JUDGE,
    ...(request.memory_limit_MB > 0 ? { memoryBytes: request.memory_limit_MB * 2 ** 20 } : {}),
  });
  const limits = {
    timeoutMs: stdioTimeoutMs(language, 1, limitMs, compileMs),
    memoryBytes: DEFAULT_MEMORY_BYTES,
    outputBytes: OUTPUT_CAP_BYTES,
  };
  const verdicts = await executor.run([{ id: 'run', program, limits }], signal ? { signal } : {});
  const verdict = verdicts.get('run');
  if (verdict === undefined) return { response: sandboxError('the program was not run') };
  return { response: responseOf(language, verdict), verdict };
}

/** Why a request asks for something passk does not do, if it does. */
function refusal(request: RunCodeRequest): string | undefined {
  if (!(request.language in LANGUAGES)) {
    return `language '${request.language}' is not supported by passk serve; supported: ${RUN_CODE_LANGUAGES.join(', ')}`;
  }
  if (Object.keys(request.files).length > 0) return 'files are not supported by passk serve';
  if (request.fetch_files.length > 0) return 'fetch_files is not supported by passk serve';
  return undefined;
}

function sandboxError(message: string): RunCodeResponse {
  return {
    status: 'SandboxError',
    message,
    compile_result: null,
    run_result: null,
    executor_pod_name: null,
    files: {},
  };
}

/** SandboxFusion's response from the driver's report: compile step, then the one run. */
export function responseOf(language: string, verdict: Verdict): RunCodeResponse {
  // The sandbox failed (never the program's fault), or the driver itself was stopped.
  if (verdict.status === 'infra-error') return sandboxError(verdict.message ?? 'sandbox failure');
  const { lines, compile } = parseReport(verdict.output ?? '');
  const compiled = language !== 'python';
  if (compile !== undefined) {
    const timedOut = compile.startsWith('compiling took over');
    return result('Failed', {
      status: timedOut ? 'TimeLimitExceeded' : 'Finished',
      execution_time: null,
      return_code: timedOut ? null : 1,
      stdout: '',
      stderr: compile,
    });
  }
  const line = lines.get(0);
  const compileOk: CommandRunResult | null = compiled ? finished(0, '', '') : null;
  if (line === undefined) {
    // No line for the run: the whole program passed its wall-clock backstop, or the driver broke.
    const run: CommandRunResult = {
      status: verdict.status === 'timeout' ? 'TimeLimitExceeded' : 'Error',
      execution_time: verdict.durationMs / 1000,
      return_code: null,
      stdout: null,
      stderr: verdict.message ?? null,
    };
    return verdict.status === 'timeout'
      ? result('Failed', compileOk, run)
      : { ...result('SandboxError', compileOk, run), message: verdict.message ?? '' };
  }
  const run = runResult(line);
  const ok = run.status === 'Finished' && run.return_code === 0;
  return result(ok ? 'Success' : 'Failed', compileOk, run);
}

function runResult(line: TestLine): CommandRunResult {
  const seconds = (line.ms ?? 0) / 1000;
  if (line.s === 'tle') {
    return {
      status: 'TimeLimitExceeded',
      execution_time: seconds,
      return_code: null,
      stdout: null,
      stderr: null,
    };
  }
  if (line.s === 'crash') {
    // As Python's subprocess reports a signal: minus its number.
    const code = line.c ?? -(constants.signals[line.g as keyof typeof constants.signals] ?? 0);
    return { ...finished(code, '', line.m ?? ''), execution_time: seconds };
  }
  // An output over the driver's cap comes as a digest only: it is not sent back.
  return { ...finished(0, line.o ?? '', ''), execution_time: seconds };
}

function finished(code: number, stdout: string, stderr: string): CommandRunResult {
  return { status: 'Finished', execution_time: null, return_code: code, stdout, stderr };
}

function result(
  status: RunCodeResponse['status'],
  compile: CommandRunResult | null,
  run: CommandRunResult | null = null,
): RunCodeResponse {
  return {
    status,
    message: '',
    compile_result: compile,
    run_result: run,
    executor_pod_name: null,
    files: {},
  };
}

/**
 * The host<->worker protocol: the wire types of the in-sandbox runtime (the JSON lines passk and
 * worker.py / exec_worker.py exchange, the result channel's events) and ONE constants table,
 * protocol.json, which the Python files beside it read too (protocol.py: json.load at start-up).
 * The table is passk's own file, in the worker's read-only folder: no program can reach it.
 */
import { z } from 'zod';
import { RuntimeMissingError } from '../../core/errors.js';
import { readSourceFile } from '../../core/source-files.js';
import type { ExecLimits } from '../types.js';

const fd = z.number().int().nonnegative();

/** protocol.json's shape: every field is read by both sides. */
const TableSchema = z
  .object({
    fds: z
      .object({
        /** Every program's result channel: its harness writes the events there (result-events.ts). */
        result: fd,
        /** A forked child's set-up channel (close-on-exec): "k", or why set-up failed. */
        setup: fd,
        /** The nonce pipe of a program the exec worker runs, read and closed by its harness. */
        nonce: fd,
        /** The worker's fd at start where passk writes outside-judged samples' tests. */
        testsChannel: fd,
        /** The function server's fds under outside judging: the judge's calls, replies, set-up. */
        judgeRequest: fd,
        judgeReply: fd,
        serverSetup: fd,
        /** The worker moves its own pipes to this fd or above, out of a program's way. */
        workerFloor: fd,
      })
      .strict(),
    /** The result channel's events: the keys each has besides `e` and the nonce `n`. */
    events: z
      .object({
        end: z.array(z.string()),
        exc: z.array(z.string()),
        exit: z.array(z.string()),
        tamper: z.array(z.string()),
      })
      .strict(),
    /** The `k` of an `exc` event. */
    exceptionKinds: z.array(z.string()),
    markers: z
      .object({
        /** Python programs: the tests start after the last copy of this line (runner.py). */
        testsStart: z.string(),
        /** A harness's stderr line refusing a program as tampering (verdict.ts TAMPER_MARK). */
        tamperLine: z.string(),
        /** What the failure key hashes before the nonce (result-events.ts failureKey). */
        failureKeyPrefix: z.string(),
      })
      .strict(),
    /** Variables a fresh-process runner reads (and removes) before the program runs. */
    environment: z
      .object({
        /** Program.semantics for runner.py under the `subprocess` sandbox (workers get it in the request). */
        semantics: z.string(),
      })
      .strict(),
    exitStatus: z
      .object({
        /** The result fd was not the harness's pipe when the end event was due (runner.py). */
        tamper: z.number().int(),
        /** A harness process failed itself (set-up, the judge): EX_SOFTWARE. */
        harnessFailed: z.number().int(),
        /** After a call that never returns. */
        unreachable: z.number().int(),
      })
      .strict(),
    /** Caps the worker applies to what it keeps of a program's output. */
    limits: z
      .object({
        stderrTailBytes: z.number().int().positive(),
        reportKeepBytes: z.number().int().positive(),
        judgeStderrKeepBytes: z.number().int().positive(),
        compileTailBytes: z.number().int().positive(),
      })
      .strict(),
  })
  .strict();

export type ProtocolTable = z.infer<typeof TableSchema>;

/** protocol.json, read once. */
export const PROTOCOL: ProtocolTable = TableSchema.parse(
  JSON.parse(readSourceFile(import.meta.url, 'protocol.json')),
);

/** Every program's result channel (its harness's events; see result-events.ts). */
export const RESULT_FD = PROTOCOL.fds.result;
/** The exec worker's nonce pipe (languages/kit/nonce-channel.ts). */
export const NONCE_FD = PROTOCOL.fds.nonce;
/** The worker's tests channel (outside judging): stdio index of the worker's spawn. */
export const TESTS_CHANNEL_FD = PROTOCOL.fds.testsChannel;
/** Python programs: the tests start after the last copy of this line. */
export const TESTS_MARKER = PROTOCOL.markers.testsStart;
/** The exit status of a program whose result fd was replaced when its end event was due. */
export const TAMPER_STATUS = PROTOCOL.exitStatus.tamper;
/** runner.py's script mode (the `subprocess` sandbox) gets Program.semantics in this variable. */
export const SEMANTICS_VARIABLE = PROTOCOL.environment.semantics;

/** One event of the result channel (worker/runner.py, the other languages' harnesses). */
export type ResultEvent =
  | { e: 'end' }
  | { e: 'exc'; k: 'assert' | 'memory' | 'other'; t: string; m: string }
  | { e: 'exit'; c: string }
  | { e: 'tamper'; r: string };

/**
 * A harness file shipped into a program's own directory (exercism_run.py), away from the worker's
 * folder: its `PROTOCOL = {}` line gets the table written in (JSON of numbers and strings is a
 * Python literal).
 * @throws RuntimeMissingError when the file has no such line (a harness file edited without its placeholder)
 */
export function withProtocolTable(source: string): string {
  const line = '\nPROTOCOL = {}\n';
  if (!source.includes(line))
    throw new RuntimeMissingError('a harness file of passk has no `PROTOCOL = {}` line to fill', {
      hint: 'reinstall passk: its worker files do not match its code',
    });
  return source.replace(line, `\nPROTOCOL = ${JSON.stringify(PROTOCOL)}\n`);
}

/** The worker's first line: it started, set up its slot and waits for requests. */
export interface WorkerHello {
  ready: true;
  pid: number;
  /** worker.py: the interpreter's version; the scratch tmpfs's caps ('size+inodes', 'size'). */
  python?: string;
  tmp?: string | null;
}

/** One request line: the program without its tests, which go on the tests channel first. */
export type WorkerRequest = Omit<ProgramRequest, 'tests'> & { id: number; testsBytes?: number };

/** One answer line: the outcome, or `infra` when the worker itself failed (never the program). */
export type WorkerAnswer = RawOutcome & { id: number; infra?: string };

/** ExecLimits with every optional limit filled in, as sent to a runner. */
export interface ResolvedLimits extends Required<ExecLimits> {
  /** RLIMIT_CPU soft limit, derived from the wall-clock limit. */
  cpuSeconds: number;
}

/**
 * What a slot's worker runs for one program, as the language's ProgramAdapter planned it: either
 * source the worker runs itself (Python's fork server, worker.py) or real processes, written,
 * compiled and run by exec_worker.py. The field names are the workers' wire protocol.
 */
export type ProgramPlan = { source: string; plan?: never } | { plan: ExecPlan; source?: never };

/** One program, ready for a slot. */
export type ProgramRequest = ProgramPlan & {
  /** Random per program: only result lines carrying it count as the runner's report. */
  nonce: string;
  limits: ResolvedLimits;
  /**
   * Outside judging (Python workers): `source` is the candidate's module and these are the tests.
   * The slot sends them only when the worker asks, after it forked the candidate's process
   * (worker/judge_pair.py), and only its judge child reads them.
   */
  tests?: string;
  /** Outside judging: names the judge resolves to the candidate's even over a builtin. */
  entryPoints?: string[];
  /** Python: the reference harness's semantics the program runs under (Program.semantics). */
  semantics?: string;
  /** Python: print a failing program's whole traceback, not only its last line (tracebacks.py). */
  tracebacks?: true;
};

/** What happened to one program, before classification (see verdict.ts). */
export interface RawOutcome {
  exitCode: number | null;
  signal: string | null;
  /** The harness killed it at the wall-clock limit. */
  timedOut: boolean;
  /** The harness killed it for writing more than the output cap. */
  outputExceeded: boolean;
  /** Raw text of the dedicated result channel (JSON lines tagged with the nonce). */
  report: string;
  /** The end of stderr (a traceback, usually). */
  stderrTail: string;
  durationMs: number;
  cpuMs?: number;
  /** Time the program was runnable but waiting for a CPU (Linux schedstat, fork_run.wait_credit). */
  waitMs?: number;
  /** The compile step's result, for compiled languages (absent when there is none). */
  compile?: CompileInfo;
  /** The kernel killed it at the slot's memory cgroup limit (see sandboxes/cgroup.ts). */
  memoryExceeded?: boolean;
  /** What it left could not be cleaned up within bounds: its error; the slot is rebuilt. */
  cleanupFailed?: string;
  /** Its files could not be written (e.g. larger than the scratch tmpfs): its error. */
  writeFailed?: string;
  /** The worker asks to be replaced before the next program (filled or poisoned slot). */
  rebuild?: boolean;
  /** 'outside': `report` is the judge process's verdict lines (worker/judge_process.py). */
  placement?: 'outside';
  /** Outside judging: the candidate's process ended on its own (not killed by the worker). */
  serverEnded?: boolean;
  /** Outside judging: the judge's exit status when not 0, and the end of its stderr. */
  judgeExit?: number;
  judgeStderr?: string;
  /** Outside judging: how many samples the slot's judge has judged, this one included (1: a
   * judge started for it; see worker/slot_judge.py). */
  judgeSamples?: number;
}

/**
 * One process of a plan. The worker fills in `{scratch}` (the program's dir), in the run step
 * `{artifacts}` (the dir holding the compile outputs) and in the compile step `{cache}` (the
 * artifact cache root, read-only for programs; the scratch dir when there is no cache).
 */
export interface ExecStep {
  argv: string[];
  env?: Record<string, string>;
  /** Limits that differ from the program's (e.g. a larger address space for a JIT runtime). */
  limits?: Partial<ResolvedLimits>;
}

/**
 * How exec_worker.py runs one program: `files` are written into a fresh scratch dir (the cwd of
 * both steps); `compile` runs first, and its `outputs` (paths relative to the scratch dir) are
 * cached under `key` in the artifact cache; `run` then runs with `{artifacts}` naming the dir that
 * holds them. The run step gets its nonce in a pipe on NONCE_FD (read and closed by the harness
 * before the program runs) and RESULT_FD as the result channel.
 */
export interface ExecPlan {
  files: Record<string, string>;
  compile?: ExecStep & { key: string; outputs: string[]; limits: ResolvedLimits };
  run: ExecStep;
  /** A build shared with other programs of the run (languages/kit/batch.ts); tried before `compile`. */
  batch?: BatchStep;
}

/**
 * One compiler invocation for several programs. The worker builds it (in `{scratch}/batch`, from
 * `files`) once, caches its `outputs` under `key`, and runs `run` with `{artifacts}` naming them
 * when the outputs' `members` file lists `member`; otherwise (this program was left out of the
 * batch, or the batch did not build) it compiles the program alone with `compile`.
 */
export interface BatchStep extends ExecStep {
  key: string;
  files: Record<string, string>;
  outputs: string[];
  limits: ResolvedLimits;
  member: string;
  run: ExecStep;
}

/** What the compile step did. `cached`: answered from the artifact cache, nothing ran. */
export interface CompileInfo {
  ok: boolean;
  cached: boolean;
  timedOut?: boolean;
  exitCode?: number | null;
  signal?: string | null;
  stderrTail?: string;
  durationMs: number;
}

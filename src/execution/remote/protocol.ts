import { z } from 'zod';
import { PASSK_VERSION } from '../../core/version.js';
import { ENGINE_VERSION } from '../cache.js';
import { REFERENCE_SEMANTICS } from '../python-reference.js';

/**
 * passk's own protocol between `--executor` and `passk serve` (`GET /exec`, `POST /exec`): already
 * built ExecJobs in, verdicts out. Bumped whenever the shapes below change meaning; a client and a
 * server that differ in it, in passk's version or in the engine version refuse each other.
 */
export const EXEC_PROTOCOL = 1;

/** What both sides must share for a verdict to be the one a local run gives. */
export interface ExecIdentity {
  protocol: number;
  passk: string;
  engine: string;
}

export const OWN_IDENTITY: ExecIdentity = {
  protocol: EXEC_PROTOCOL,
  passk: PASSK_VERSION,
  engine: ENGINE_VERSION,
};

const identity = {
  protocol: z.number().int(),
  passk: z.string(),
  engine: z.string(),
};

/** `GET /exec`: who the server is and what it runs on. */
export const execInfo = z.object({
  ...identity,
  sandbox: z.string(),
  isolation: z.string(),
  workers: z.number().int().positive(),
  memoryLimit: z.string().optional(),
});
export type ExecInfo = z.infer<typeof execInfo>;

const text = z.string();

/**
 * A Program as sent: everything but an output judge, whose `decide` runs in the client (its
 * expected outputs never leave it). `judgeKey` says the program has one: the server then returns
 * the raw verdict with the program's report, for the client to decide.
 */
const wireProgram = z.object({
  language: z.string().min(1),
  source: text,
  files: z.record(z.string(), text).optional(),
  semantics: z.enum(REFERENCE_SEMANTICS as [string, ...string[]]).optional(),
  functionServer: z
    .object({ candidate: text, tests: text, entryPoints: z.array(z.string()).optional() })
    .optional(),
  environment: z.looseObject({ python: z.looseObject({}) }).optional(),
  judgeKey: z.string().optional(),
});

const wireJob = z.object({
  id: z.string(),
  program: wireProgram,
  limits: z.object({
    timeoutMs: z.number().positive(),
    memoryBytes: z.number().positive(),
    outputBytes: z.number().positive(),
    maxProcesses: z.number().int().positive().optional(),
    maxFileBytes: z.number().positive().optional(),
    maxOpenFiles: z.number().int().positive().optional(),
    wallFactor: z.number().positive().optional(),
  }),
  expectedMs: z.number().optional(),
  rerunTimeout: z.boolean().optional(),
});
export type WireJob = z.infer<typeof wireJob>;

/** `POST /exec` body. */
export const execRequest = z.object({ ...identity, jobs: z.array(wireJob).max(4096) });
export type ExecRequest = z.infer<typeof execRequest>;

/** A verdict as returned; the fields beyond these pass through as the executor set them. */
const wireVerdict = z.looseObject({
  status: z.string(),
  durationMs: z.number(),
});

/** `POST /exec` answer: one entry per job id; `report` for programs sent with a judgeKey. */
export const execResponse = z.object({
  verdicts: z.array(
    z.object({ id: z.string(), verdict: wireVerdict, report: z.string().optional() }),
  ),
});
export type ExecResponse = z.infer<typeof execResponse>;

/** Why `theirs` cannot judge for this passk, or undefined when it can. */
export function mismatch(
  theirs: ExecIdentity,
  ours: ExecIdentity = OWN_IDENTITY,
): string | undefined {
  if (
    theirs.protocol === ours.protocol &&
    theirs.passk === ours.passk &&
    theirs.engine === ours.engine
  ) {
    return undefined;
  }
  const show = (x: ExecIdentity) =>
    `passk ${x.passk} (exec protocol ${x.protocol}, engine ${x.engine})`;
  return `${show(theirs)} differs from ${show(ours)}`;
}

import type { OutputJudge } from '../execution/judge.js';
import {
  type ExecInfo,
  type ExecRequest,
  type ExecResponse,
  mismatch,
  OWN_IDENTITY,
  type WireJob,
} from '../execution/remote/protocol.js';
import type { ExecJob, Executor, Program, Verdict } from '../execution/types.js';
import { HttpError } from './http.js';

/** `GET /exec`: this server's identity and executor, for a client's `--executor` check. */
export function execInfoOf(executor: Executor): ExecInfo {
  const { sandbox, isolation, workers, memoryLimit } = executor.info;
  return {
    ...OWN_IDENTITY,
    sandbox,
    isolation,
    workers,
    ...(memoryLimit === undefined ? {} : { memoryLimit }),
  };
}

/** The field a recorded report travels in, inside the verdict (and the verdict cache). */
const REPORT = 'remoteReport';

/**
 * `POST /exec`: runs a client's already built jobs on this executor (its verdict cache, dedup
 * and timeout re-runs) and answers every verdict.
 *
 * @throws HttpError 409 when the client's passk, protocol or engine version is not this one's
 */
export async function runExec(
  executor: Executor,
  request: ExecRequest,
  signal: AbortSignal,
): Promise<ExecResponse> {
  const why = mismatch(OWN_IDENTITY, request);
  if (why !== undefined) {
    const message = why.replace(' differs from ', '; the client runs ');
    throw new HttpError(409, `this server runs ${message}: run the same passk on both sides`);
  }
  const verdicts = await executor.run(request.jobs.map(execJob), { signal });
  return {
    verdicts: request.jobs.map(({ id }) => {
      const { [REPORT]: report, ...verdict } = verdicts.get(id) as Verdict & { [REPORT]?: string };
      return { id, verdict, ...(report === undefined ? {} : { report }) };
    }),
  };
}

/** The job as the client built it (checked in shape by zod), its judge replaced by a recorder. */
function execJob(wire: WireJob): ExecJob {
  const { judgeKey, ...program } = wire.program;
  const job = wire as unknown as ExecJob;
  if (judgeKey === undefined) return job;
  return { ...job, program: { ...(program as unknown as Program), judge: recording(judgeKey) } };
}

/**
 * Stands in for the client's output judge: keeps the sandbox's own verdict and the program's
 * report for the client to decide on. Its key differs from the judge's own, so this server's
 * cache never answers a local run's judged verdict with a raw one, or the other way round.
 */
function recording(judgeKey: string): OutputJudge {
  return {
    key: `remote-raw\0${judgeKey}`,
    decide: (raw, report) => ({ ...raw, [REPORT]: report }),
  };
}

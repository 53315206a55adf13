import type { BatchStep, ExecPlan, ExecStep, ResolvedLimits } from '../../worker/protocol.js';
import { artifactKey, compileLimits } from './process-runtime.js';

/** A compiled language's plan for one program: compile `files` with `argv`, then `run`. */
export interface CompiledPlanSpec {
  files: Record<string, string>;
  /** The compiler's command line, run in the scratch dir holding `files`. */
  argv: string[];
  env?: Record<string, string>;
  /** The toolchain's version: with argv and files, the compile's artifact key. */
  version: string;
  /** The program's limits; the compile gets compileLimits(limits, compileMs). */
  limits: ResolvedLimits;
  /** The compile's wall-clock floor, in ms. */
  compileMs: number;
  /** What the compile leaves for the run, as `{artifacts}/<name>` (default `program`). */
  outputs?: string[];
  run: ExecStep;
  /** The run's shared build (languages/kit/batch.ts), when the program is in one. */
  batch?: BatchStep | undefined;
}

type CompileStep = NonNullable<ExecPlan['compile']>;

/**
 * The compile step: its artifact key hashes the version, the argv and every file, so the same
 * program built by the same toolchain the same way is compiled once per artifact cache.
 */
export function compileStep(
  version: string,
  argv: string[],
  files: Record<string, string>,
  limits: ResolvedLimits,
  options: { env?: Record<string, string> | undefined; outputs?: string[] | undefined } = {},
): CompileStep {
  return {
    argv,
    ...(options.env ? { env: options.env } : {}),
    key: artifactKey(version, argv, files),
    outputs: options.outputs ?? ['program'],
    limits,
  };
}

/** The plan every compiled language makes: compile once (cached), run, maybe in a batch. */
export function compiledPlan(spec: CompiledPlanSpec): ExecPlan {
  const limits = compileLimits(spec.limits, spec.compileMs);
  const options = { env: spec.env, outputs: spec.outputs };
  return {
    files: spec.files,
    compile: compileStep(spec.version, spec.argv, spec.files, limits, options),
    run: spec.run,
    ...(spec.batch ? { batch: spec.batch } : {}),
  };
}

import { randomBytes } from 'node:crypto';
import { PreflightError } from '../core/errors.js';
import type { ExecEnvironment } from './environments/types.js';
import { runtimes } from './languages/index.js';
import type { CanaryProgram } from './languages/kit/types.js';
import { keepPreflight, keptPreflight, preflightKey } from './preflight-cache.js';
import type {
  ExecJob,
  ExecLimits,
  Executor,
  Language,
  Program,
  Verdict,
  VerdictStatus,
} from './types.js';

export interface PreflightOptions {
  language: Language;
  /** Known-good programs (a task's reference solutions with their tests): each must pass. */
  references: readonly Program[];
  limits: ExecLimits;
  /** The task's name, for the hint when a reference lacks a module (`setup.sh --task NAME`). */
  task?: string;
  /**
   * Skip the canaries when a passed preflight had the same fingerprint (preflight-cache.ts: the
   * engine, the canaries and references, the limits, the machine, passk), and keep this one's
   * outcome when it passes. Only where the executor offers a fingerprint (its artifact cache).
   * Default false: a caller that reads the verdicts gets them.
   */
  cache?: boolean;
}

/** What the preflight ran, returned when every canary behaved. */
export interface PreflightReport {
  /** Number of canary programs run. */
  canaries: number;
  /** Canary id ('reference-0', 'wrong', 'early-exit-0', 'sleeper', …) → its verdict. */
  verdicts: Map<string, Verdict>;
  /** When the canaries did not run: the time the preflight with the same fingerprint passed (no verdicts then). */
  cachedFrom?: string;
}

interface Canary {
  id: string;
  job: ExecJob;
  /** Whether a verdict is what a working engine gives for this canary. */
  ok: (verdict: Verdict) => boolean;
  expected: string;
}

/**
 * The sleeper's own wall-clock limit: short, so the preflight stays quick. It sleeps ten times
 * as long, so it times out however slow the machine; it starts first, beside the other canaries,
 * and its timeout is final (a re-run could only repeat it).
 */
export const SLEEPER_TIMEOUT_MS = 200;

/**
 * Runs canaries through the same executor the scores will come from, and throws PreflightError
 * if any misbehaves: every reference must pass, a wrong program must fail, each early exit (exit
 * status 0 before the tests end) and each attack on the harness must not pass, and a sleeper must time out. Each canary gets a
 * random comment, so neither deduplication nor the verdict cache can answer for the engine.
 */
export async function runPreflight(
  executor: Executor,
  options: PreflightOptions,
): Promise<PreflightReport> {
  const { canaries } = await runtimes.get(options.language);
  const salt = randomBytes(8).toString('hex');
  const program = (canary: CanaryProgram, tag: string): Program => {
    // Not the word "passk": a candidate part naming the harness is flagged (test-binding.ts).
    const comment = canaries.comment(`preflight ${tag} ${salt}`);
    return typeof canary === 'string'
      ? { language: options.language, source: `${comment}${canary}` }
      : { language: options.language, source: comment, files: canary.files };
  };
  const is = (status: VerdictStatus) => (verdict: Verdict) => verdict.status === status;
  /** A canary that must run and not pass: an early exit, a rebinding of the tests' names. */
  const mustFail = (id: string, source: CanaryProgram): Canary => ({
    id,
    job: { id, program: program(source, id), limits: options.limits },
    ok: (verdict: Verdict) => verdict.status !== 'passed' && verdict.status !== 'infra-error',
    expected: 'not passed',
  });
  const list: Canary[] = [
    ...options.references.map((reference, index) => ({
      id: `reference-${index}`,
      job: {
        id: `reference-${index}`,
        // A reference keeps its library environment (Task.environment): it imports from there,
        // and one judged outside its process (stdio, EvalPlus outside) keeps its judge.
        program: {
          ...reference,
          ...program(
            reference.files ? { files: reference.files } : reference.source,
            `reference ${index}`,
          ),
        },
        limits: options.limits,
      },
      ok: is('passed'),
      expected: 'passed',
    })),
    {
      id: 'wrong',
      job: { id: 'wrong', program: program(canaries.wrong, 'wrong'), limits: options.limits },
      ok: is('failed'),
      expected: 'failed',
    },
    ...canaries.earlyExits.map((source, index) => mustFail(`early-exit-${index}`, source)),
    ...(canaries.rebindings ?? []).map((source, index) => mustFail(`rebinding-${index}`, source)),
    ...(canaries.attacks?.() ?? []).map((attack) => ({
      id: `attack-${attack.name}`,
      job: {
        id: `attack-${attack.name}`,
        program: program(attack.source, `attack ${attack.name}`),
        limits: options.limits,
      },
      ok: (verdict: Verdict) =>
        verdict.status !== 'passed' &&
        verdict.status !== 'infra-error' &&
        (attack.tamper === undefined || verdict.tamper === attack.tamper),
      expected: attack.tamper === undefined ? 'not passed' : `not passed, tamper ${attack.tamper}`,
    })),
    // Attacks on the harness (issue 25's classes): a broken harness would let them pass.
    ...(canaries.harnessAttacks ?? []).map((source, index) => ({
      id: `harness-attack-${index}`,
      job: {
        id: `harness-attack-${index}`,
        program: program(source, `harness attack ${index}`),
        limits: options.limits,
      },
      ok: (verdict: Verdict) => verdict.status !== 'passed' && verdict.status !== 'infra-error',
      expected: 'not passed',
    })),
    {
      id: 'sleeper',
      job: {
        id: 'sleeper',
        program: program(canaries.sleeper((SLEEPER_TIMEOUT_MS * 10) / 1000), 'sleeper'),
        limits: {
          ...options.limits,
          timeoutMs: Math.min(options.limits.timeoutMs, SLEEPER_TIMEOUT_MS),
        },
        expectedMs: Number.MAX_SAFE_INTEGER,
        rerunTimeout: false,
      },
      ok: is('timeout'),
      expected: 'timeout',
    },
  ];
  const keeping =
    options.cache === true ? await cacheSlot(executor, options, list, salt) : undefined;
  const kept = keeping && keptPreflight(keeping.dir, keeping.key);
  if (kept !== undefined && kept.canaries === list.length) {
    return { canaries: list.length, verdicts: new Map(), cachedFrom: kept.passedAt };
  }
  const verdicts = await executor.run(list.map((canary) => canary.job));
  let timedOut = 0;
  let infra = 0;
  const lacking: string[] = [];
  const wrong = list.flatMap((canary) => {
    const verdict = verdicts.get(canary.id);
    if (verdict && canary.ok(verdict)) return [];
    if (verdict?.status === 'timeout') timedOut++;
    if (verdict?.status === 'infra-error') infra++;
    const module = missingModule(verdict);
    if (canary.id.startsWith('reference-') && module !== undefined) lacking.push(module);
    const got = verdict
      ? `${verdict.status}${verdict.errorType ? ` (${verdict.errorType}: ${verdict.message ?? ''})` : ''}`
      : 'no verdict';
    return [`${canary.id}: expected ${canary.expected}, got ${got}`];
  });
  if (wrong.length > 0) {
    throw new PreflightError(
      `the execution engine failed its preflight, so no score would be trustworthy: ${wrong.join('; ')}`,
      {
        hint:
          lacking.length === wrong.length
            ? missingModuleHint(lacking, options.task)
            : timedOut > 0 && timedOut + infra === wrong.length
              ? timeoutHint(timedOut, options.limits.timeoutMs)
              : `sandbox '${executor.info.sandbox}' (${executor.info.isolation}); check the sandbox setup or try another --sandbox`,
      },
    );
  }
  if (keeping) keepPreflight(keeping.dir, keeping.key, list.length);
  return { canaries: list.length, verdicts };
}

/**
 * Where this preflight's outcome is kept, and its key: the executor's engines (the language's, and
 * each reference's library environment's) and the canaries' programs and limits, without the
 * run's random salt. Undefined when the executor keeps none.
 */
async function cacheSlot(
  executor: Executor,
  options: PreflightOptions,
  list: readonly Canary[],
  salt: string,
): Promise<{ dir: string; key: string } | undefined> {
  if (executor.preflightContext === undefined) return undefined;
  const environments = new Map<string, ExecEnvironment | undefined>([['', undefined]]);
  for (const reference of options.references) {
    if (reference.environment) {
      environments.set(JSON.stringify(reference.environment), reference.environment);
    }
  }
  const contexts = await Promise.all(
    [...environments.values()].map((environment) =>
      executor.preflightContext!(options.language, environment),
    ),
  );
  const first = contexts[0];
  if (first === undefined || contexts.some((context) => context === undefined)) return undefined;
  const canaries = JSON.stringify(
    list.map((canary) => [canary.id, canary.expected, canary.job]),
  ).replaceAll(salt, '');
  const engine = { engines: contexts.map((context) => context!.engine) };
  return { dir: first.dir, key: preflightKey({ dir: first.dir, engine }, canaries) };
}

/**
 * Canaries that must finish ran out of time (the others failed to start): the limit is the likely
 * cause (`--timeout 0.001`), so the hint names it before the sandbox.
 */
function timeoutHint(timedOut: number, timeoutMs: number): string {
  return `${timedOut} canaries timed out under the per-program limit of ${timeoutMs / 1000} s: raise --timeout (or leave it out for the task's default); if the limit is right, check the sandbox setup`;
}

/** The module a ModuleNotFoundError verdict names ("No module named 'x.y'" gives x), if any. */
function missingModule(verdict: Verdict | undefined): string | undefined {
  if (verdict?.errorType !== 'ModuleNotFoundError') return undefined;
  return /No module named '([^'.]+)/.exec(verdict.message ?? '')?.[1] ?? 'a module';
}

/**
 * Only references failed, each on an import: the machine lacks a library (which one the
 * preflight's choice of references could not see, e.g. one imported deep inside a library).
 */
function missingModuleHint(modules: readonly string[], task: string | undefined): string {
  return `the references need ${[...new Set(modules)].join(', ')}, which does not import here (the machine's libraries, not the sandbox): scripts/setup.sh --task ${task ?? 'TASK'}, or --python-env DIR with a venv that has it`;
}

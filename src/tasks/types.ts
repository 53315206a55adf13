import type { DatasetSpec } from '../datasets/types.js';
import type { ExecEnvironment } from '../execution/environments/types.js';
import type { ReferenceSemantics } from '../execution/python-reference.js';
import type { Language, Program } from '../execution/types.js';

/**
 * A family's own benchmark data on each problem (e.g. CRUXEval's code and mode, DS-1000's
 * library): a task annotated `Task<Data>` (e.g. `const task: Task<Data> = {…}`) reads
 * `problem.meta` typed, with no casts. Declare `Data` with `type`, not `interface`, so that a
 * `Task<Data>` is also a `Task` (an interface has no index signature). Untyped (this default)
 * where the data is only kept for reports, and wherever a problem of any task passes (pipeline,
 * store), which reads only the keys every family may set (`ProblemMeta`).
 */
export type ProblemData = Record<string, unknown>;

/** Keys any family may set in `meta`, read by the pipeline and the exporters. */
export type ProblemMeta = {
  /** Why the problem has no runnable reference here (the reference run says so). */
  referenceUnavailable?: string;
  /** The test code bigcode-evaluation-harness would show, where passk's differs (exporters). */
  bigcodeReference?: string;
  /** bigcode's --instruction_tokens the prompts were built with (its config file, evaluate.ts). */
  instructionTokens?: readonly string[];
  /**
   * The reference fails its tests by design (the impossible variants' mutated tests): the
   * preflight does not take it as a known-good program.
   */
  referenceFails?: boolean;
};

/** One benchmark item, as plain data; `Data` is the family's own data in `meta`. */
export interface Problem<Data extends object = ProblemData> {
  /** The benchmark's own id, e.g. 'HumanEval/0' or '11' (MBPP). */
  id: string;
  language: Language;
  /** The prompt text the task sends to a completion model. */
  prompt: string;
  /** The prompt exactly as the dataset has it (human-eval's samples.jsonl completions extend this). */
  datasetPrompt: string;
  /** Test code appended after the candidate program. */
  tests: string;
  /** The function under test, where the benchmark names one. */
  entryPoint?: string;
  /** The canonical solution as a full candidate program (prompt + solution), where known. */
  reference?: string;
  /** The family's own data (see ProblemData), plus any ProblemMeta keys. */
  meta: Data & ProblemMeta;
  /**
   * Test code per suite, for tasks with `suites` (program = candidate + `suiteTests[suite]`);
   * filled by the task's `prepare` when it needs slow work (e.g. expected outputs).
   */
  suiteTests?: Readonly<Record<string, string>>;
  /** Wall-clock limit per suite for this problem, in ms, where the task derives one. */
  suiteTimeoutMs?: Readonly<Record<string, number>>;
  /**
   * When the problem was published (ISO date, YYYY-MM-DD, UTC), for tasks whose rows carry one:
   * `--since` / `--until` / `--model-cutoff` select problems by it (tasks/kit/date-window.ts).
   */
  date?: string;
  /** Wall-clock limit for the whole program, in ms, where the task derives one (stdio judge). */
  timeoutMs?: number;
  /**
   * Other task_ids a samples.jsonl may name this problem by: the ids the benchmark's own output
   * files carry (CodeEval-Pro's inference.py writes the dataset's integer `id`).
   */
  fileIds?: readonly string[];
}

/** What `Task.prepare` may use. */
export interface TaskPrepareContext {
  /** sha256 of the dataset file the problems came from (part of any cache key). */
  datasetSha256: string;
  /** That file's path, for tasks that need the rows' exact text rather than parsed values. */
  datasetFile?: string;
  /** The run's per-program limit (--timeout, else the task's default): a floor for derived ones. */
  timeoutMs: number;
  /**
   * Multiplier on a reference's measured time for tasks that derive per-problem limits from it
   * (EvalPlus tasks: per input `max(1 s, timeFactor × ground-truth time)`); the task's default if unset.
   */
  timeFactor?: number;
  /** Processes the task may run at once for its preparation. */
  concurrency: number;
  /** Reports something the user should know (shown as a run warning). */
  warn(message: string): void;
  signal?: AbortSignal;
  /**
   * Tasks with `requires`: the ids of the problems whose needs are met on this machine (the
   * others run and fail, counted in n); absent when not measured (every problem then counts).
   */
  runnable?: ReadonlySet<string>;
}

/** A benchmark. Tasks are plain objects; `defineTask` only helps type them. */
export interface Task<Data extends object = ProblemData> {
  name: string;
  description: string;
  language: Language;
  /**
   * Every language the task's programs run in, for a task whose problems are in several
   * (Aider polyglot's six tracks): `passk doctor` checks each one's toolchain. Absent: `language`.
   */
  languages?: readonly Language[];
  dataset: DatasetSpec;
  /** Default wall-clock limit per program, in milliseconds. */
  defaultTimeoutMs: number;
  /**
   * Default address-space limit per program, in bytes, where the reference harness sets its own
   * (EvalPlus: 4 GiB); `--memory` wins. Absent: passk's default (pipeline/memory-default.ts).
   */
  defaultMemoryBytes?: number;
  /**
   * Default `--max-new-tokens` for model runs of this task (whole-file replies need more than
   * the usual 512); an explicit value always wins. Absent: DEFAULT_MAX_NEW_TOKENS.
   */
  defaultMaxNewTokens?: number;
  stopSequences: readonly string[];
  /**
   * Turns the dataset's rows into problems (in benchmark order), validating each row; throws a
   * DatasetError naming the file, the row and the field on a row that does not fit.
   */
  problems(rows: readonly Record<string, unknown>[], file: string): Problem<Data>[];
  /**
   * The full candidate program for a raw model generation: cut at the earliest stop sequence
   * (searched in the generated text only), then prompt + cut text.
   */
  postprocess(problem: Problem<Data>, generation: string): string;
  /**
   * The candidate for a human-eval/EvalPlus samples.jsonl "completion" row, read as the task's
   * own harness reads an answer (DS-1000: the answer after its clean-up; CRUXEval: the answer).
   * Absent: datasetPrompt + completion, as human-eval builds its programs. Every task must read
   * a completion, a "solution" and a bigcode generations.json entry to the same candidate
   * (tasks/completion-rows.test.ts checks each task's reference).
   */
  fromCompletion?(problem: Problem<Data>, completion: string): string;
  /**
   * The program to execute: candidate + tests. Tasks with `suites` build one program per suite;
   * without `suite` they build the last (headline) one.
   */
  program(problem: Problem<Data>, candidate: string, suite?: string): Program;
  /**
   * Named test suites, weakest first, e.g. ['base', 'plus'] (EvalPlus). Each sample runs once
   * per suite; a sample passes a suite only if it passes every suite before it too, and the last
   * suite is the headline score. Absent: one unnamed suite, as for HumanEval.
   */
  suites?: readonly string[];
  /**
   * Slow, once-per-run work before execution (e.g. computing expected outputs); returns the
   * problems ready for `program`. Called with the problems that have samples, in order.
   */
  prepare?(
    problems: readonly Problem<Data>[],
    context: TaskPrepareContext,
  ): Promise<Problem<Data>[]>;
  /**
   * The user message for chat models (no fences, no system prompt). Without it, chat models
   * are asked to complete the prompt's code (see generation/prompts.ts).
   */
  instructionPrompt?(problem: Problem<Data>): string;
  /**
   * The whole conversation for chat models, for tasks whose reference harness sends more than
   * one user message (a system message, few-shot turns as user/assistant pairs). Wins over
   * `instructionPrompt`; a user's system prompt replaces the conversation's own.
   */
  chatMessages?(problem: Problem<Data>): readonly TaskChatMessage[];
  /**
   * The full candidate program from a chat reply (code wrapped in prose and fences). Without
   * it, chat replies go through postprocess/extract.ts's extractProgram over the problem's
   * prompt and entry point; instruct tasks add what their tests need (e.g. helper functions the
   * prompt defines and the reply left out). `previous`: on a feedback turn, the candidate of the
   * turn before, for replies that edit it (Aider's SEARCH/REPLACE blocks).
   */
  chatPostprocess?(problem: Problem<Data>, reply: string, previous?: string): string;
  /** Facts about how the task judges that metrics.json records (e.g. EvalPlus's judge placement). */
  metricsInfo?: Record<string, unknown>;
  /**
   * A headline score other than pass@k (majority vote, exact match, …), computed from the
   * verdicts. Without it the headline is pass@k. With it, metrics.json's `[task]` holds this
   * metric's numbers, `pass_at_k` the per-sample pass@k, and `metric` names both.
   */
  metric?: TaskMetric;
  /**
   * Libraries the programs need beyond the standard library (Python), e.g.
   * `{ python: { modules: ['numpy', 'pandas'], debianPackages: ['python3-numpy', 'python3-pandas'] } }`.
   * Programs then import Debian's dist-packages (or `--python-env DIR`'s venv), mounted
   * read-only; see docs/environments.md. Absent: standard library only.
   */
  environment?: ExecEnvironment;
  /**
   * The reference harness whose Python semantics the task's programs run under (its guard,
   * stdin, exit handling; execution/python-reference.ts), declared so metrics.json can name it
   * without building a program; its programs carry the same `Program.semantics` (a registry test
   * checks both agree). Absent: passk's own semantics.
   */
  referenceSemantics?: ReferenceSemantics;
  /**
   * What one problem's programs need: modules of `environment.python.modules` they import, and
   * 'network' if they download something. A problem whose module does not import here, or that
   * needs the network (never in the sandbox), is not runnable: it still runs and counts in n as a
   * failure, as under the reference harnesses, with a warning, metrics.json `not_runnable`, and
   * pass@k over the runnable problems in metrics.json `runnable`. Absent: all are runnable.
   */
  requires?(problem: Problem<Data>): readonly string[];
  /**
   * Groups to report pass@k for beside the headline (metrics.json `breakdown`), e.g. DS-1000's
   * libraries: `by` names the grouping, `groupOf` a problem's group, `order` the report order.
   */
  breakdown?: TaskBreakdown<Data>;
  /**
   * Set for a task whose samples are not programs (e.g. HumanEvalPack's describe step): `run`
   * only generates and saves them, and evaluating it is an error. The text says what to run next.
   */
  generationOnly?: string;
  /** A second input besides the dataset, named by the user (see TaskInput). */
  input?: TaskInput<Data>;
  /**
   * Slow work on the selected problems before anything uses them, generation included, for a
   * task whose prompts need built data (Library Checker: the examples' outputs come from the
   * tests it generates). Returns the problems in order, one for one.
   */
  complete?(
    problems: readonly Problem<Data>[],
    context: {
      datasetFile: string;
      /** A line for the user while slow work goes on (shown as passk's progress). */
      progress?: (message: string) => void;
    },
  ): Promise<Problem<Data>[]>;
  /**
   * Multi-turn tasks (Aider polyglot): after a turn's program fails, the next user message
   * (e.g. the test output), and the run asks the model again in the same conversation. Chat
   * backends only; needs code execution during generation (see generation/feedback.ts).
   */
  feedback?: TaskFeedback<Data>;
  /**
   * A sample built by several requests, each a fresh prompt (not a chat continuation) the task
   * builds from the replies so far: ClassEval's incremental and compositional generation, one
   * method per request. The first request is the problem's own prompt. Completion and chat
   * backends alike (see generation/steps.ts).
   */
  steps?: TaskSteps<Data>;
}

/** See Task.steps. `kind`: the backend's prompt kind, as the texts differ for chat. */
export interface TaskSteps<Data extends object = ProblemData> {
  /**
   * The next request's prompt text (completion: the whole prompt; chat: the user message) after
   * `replies` (reasoning taken out, one per request so far, the first included), or undefined
   * when the sample is complete.
   */
  next(
    problem: Problem<Data>,
    replies: readonly string[],
    kind: 'completion' | 'chat',
  ): string | undefined;
  /** The candidate program from every request's reply, in order. */
  candidate(
    problem: Problem<Data>,
    replies: readonly string[],
    kind: 'completion' | 'chat',
  ): string;
}

/** One message of a task's own conversation (the models layer's ChatMessage, by shape). */
export interface TaskChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TaskBreakdown<Data extends object = ProblemData> {
  by: string;
  groupOf(problem: Problem<Data>): string;
  order?: readonly string[];
}

/**
 * Generations of another task that this task's problems are built from, e.g. the descriptions a
 * `humanevalexplaindescribe-*` run wrote, read by `humanevalexplainsynthesize-*`. The user names
 * them with `--descriptions` (a run directory, a generations file, or 'reference' for the `from`
 * task's reference outputs); the pipeline reads them as `from`'s samples and calls `apply`.
 */
export interface TaskInput<Data extends object = ProblemData> {
  /** What the input holds, for messages, e.g. 'descriptions'. */
  what: string;
  /** The task whose samples the input holds; it shares this task's dataset. */
  from: Task;
  /** The problems built from the selected ones and each one's texts (in sample order). */
  apply(
    problems: readonly Problem<Data>[],
    texts: ReadonlyMap<string, readonly string[]>,
  ): Problem<Data>[];
}

/** What a feedback task sees of a failed turn: its verdict, with the program's output. */
export interface TurnVerdict {
  status: string;
  errorType?: string;
  message?: string;
  /** The end of what the tests printed (stdout and stderr), where the runtime keeps it. */
  output?: string;
}

/** A task's second-try policy: how many turns, and what to say after a failed one. */
export interface TaskFeedback<Data extends object = ProblemData> {
  /** Most turns per sample, the first included (Aider polyglot: 2). */
  maxTurns: number;
  /** The next user message after failed turn `turn` (1-based), or undefined to stop there. */
  next(problem: Problem<Data>, verdict: TurnVerdict, turn: number): string | undefined;
  /**
   * The whole conversation of the next request, for a task whose reference harness rebuilds it
   * each time (Aider re-sends the files as the replies left them): the replies so far (reasoning
   * taken out) and the user message answering each (the last one asks now). Absent: the first
   * prompt, then each reply and the user message after it. A user's system prompt replaces the
   * conversation's own, as on the first turn.
   */
  conversation?(
    problem: Problem<Data>,
    replies: readonly string[],
    userMessages: readonly string[],
  ): readonly TaskChatMessage[];
  /**
   * Asking again within a turn, before any test runs (Aider's "reflections"): after a reply
   * that could not be applied (a malformed edit, a SEARCH block that does not match), the
   * model gets `message`'s text as the next user message, up to `max` times per turn. These
   * requests are part of the turn (not turns of their own); the turn's record keeps them.
   */
  reflections?: TaskReflections<Data>;
}

/** See TaskFeedback.reflections. */
export interface TaskReflections<Data extends object = ProblemData> {
  /** Most reflections per turn (Aider: max_reflections = 3). */
  max: number;
  /**
   * What to tell the model about `reply` (reasoning taken out), or undefined when it applied.
   * `previous`: the candidate the reply edits (the turn's or the last reflection's), if any.
   */
  message(problem: Problem<Data>, reply: string, previous?: string): string | undefined;
}

/** One sample's verdict, as a task metric sees it. */
export interface MetricSample {
  task_id: string;
  sample: number;
  status: string;
  error_type?: string;
  message?: string;
}

/** A score that is not pass@k. */
export interface TaskMetric {
  /** The metric's name, e.g. 'maj@k'; written to metrics.json as `metric.name`. */
  name: string;
  /** What each reported key means (a key pattern such as 'maj@k' stands for every k). */
  keys: Readonly<Record<string, string>>;
  /** The numbers, keyed as `keys` describes; problems without samples are left out by the caller. */
  compute(input: {
    problemIds: readonly string[];
    results: readonly MetricSample[];
    ks: readonly number[];
  }): Record<string, number>;
}

/** Types a task (untyped `meta`; a family with its own data annotates `Task<Data>` instead). */
export function defineTask(task: Task): Task {
  return task;
}

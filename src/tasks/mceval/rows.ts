import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import type { Language, Program } from '../../execution/types.js';
import type { Problem, Task } from '../types.js';
import { mcevalDataset } from './dataset.js';

/** A row of McEval's `data/<Language>.jsonl` (every language has the same fields). */
const rowSchema = z.object({
  task_id: z.string(),
  prompt: z.string(),
  canonical_solution: z.string(),
  test: z.string(),
  entry_point: z.string(),
  signature: z.string(),
  instruction: z.string(),
  level: z.string(),
});

export type McevalRow = z.infer<typeof rowSchema>;

export type McevalData = { signature: string; test: string; level: string; instruction: string };

/** The rows of one language's file as problems; `reference` builds the reference program. */
export function mcevalProblems(
  rows: readonly Record<string, unknown>[],
  file: string,
  language: string,
  reference: (row: McevalRow) => string,
): Problem<McevalData>[] {
  return validateRows({ rows, file }, rowSchema).map((r) => ({
    id: r.task_id,
    language,
    prompt: r.prompt,
    datasetPrompt: r.prompt,
    tests: `\n${r.test}`,
    entryPoint: r.entry_point,
    reference: reference(r),
    meta: { signature: r.signature, test: r.test, level: r.level, instruction: r.instruction },
  }));
}

/** What one language's McEval task has of its own; the rest is the same for every language. */
export interface McevalTaskSpec {
  /** Default `mceval-<language>`; a McEval language passk runs with another's runtime names its own. */
  name?: string;
  language: Language;
  /** McEval's name of the language: its data file is `data/<dataName>.jsonl`. */
  dataName: string;
  sha256: string;
  description: string;
  /** McEval's excute.py waits 15 s (its default). */
  timeoutMs?: number;
  stopSequences: readonly string[];
  /** The reference program's candidate; default: the row's prompt, a newline, its solution. */
  reference?: (row: McevalRow) => string;
  /**
   * Completion mode's candidate is the row's prompt + the completion as it is (the reference's
   * shape), not that text through `extract`: McEval has no completion mode, and its extraction,
   * written for chat replies, cuts unfenced code short in some languages.
   */
  rawCompletion?: boolean;
  /** McEval's extraction for the language: the candidate from a reply or prompt + completion. */
  extract(problem: Problem<McevalData>, text: string): string;
  /** The candidate and the row's test as the program McEval runs. */
  program(problem: Problem<McevalData>, candidate: string): Program;
}

/**
 * McEval's generation task `mceval-<language>`: chat gets the row's `instruction`, completion
 * continues the row's `prompt`, and both go through the language's extraction.
 */
export function mcevalTask(spec: McevalTaskSpec): Task<McevalData> {
  const reference = spec.reference ?? ((r: McevalRow) => `${r.prompt}\n${r.canonical_solution}`);
  return {
    name: spec.name ?? `mceval-${spec.language}`,
    description: spec.description,
    language: spec.language,
    dataset: mcevalDataset(spec.dataName, spec.sha256),
    defaultTimeoutMs: spec.timeoutMs ?? 15_000,
    stopSequences: spec.stopSequences,
    problems: (rows, path) => mcevalProblems(rows, path, spec.language, reference),
    postprocess: (problem, generation) =>
      spec.rawCompletion
        ? problem.datasetPrompt + generation
        : spec.extract(problem, problem.datasetPrompt + generation),
    instructionPrompt: (problem) => problem.meta.instruction,
    chatPostprocess: (problem, reply) => spec.extract(problem, reply),
    program: spec.program,
  };
}

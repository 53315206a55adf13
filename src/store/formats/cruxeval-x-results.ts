import { z } from 'zod';
import { GenerationsError } from '../../core/errors.js';
import type { Problem } from '../../tasks/types.js';
import {
  assembleGenerations,
  type ImportedGenerations,
  promptPlusCompletion,
  type ReadGenerationsOptions,
} from './imported.js';
import { listIds, plural } from './messages.js';

/**
 * One entry of a CRUXEval-X result file (`{lang}_{input|output}.json`, as its `infer_results/`
 * and its Codabench submissions hold them): CRUXEval's `id`, the model's `answer` (already cut
 * out of the reply by upstream's inference), and, in `infer_results/`, upstream's verdict `res`
 * and the program it ran (`code`), which passk does not read. An entry with no answer is a
 * problem left out ("only give the id": most are CRUXEval ids the language does not have).
 */
const entrySchema = z.looseObject({
  id: z.union([z.number().int(), z.string()]),
  answer: z.string().nullish(),
});

/** Is this a CRUXEval-X result entry (an `id`, none of the fields other formats name rows by)? */
export function isCruxevalXEntry(entry: unknown): boolean {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    'id' in entry &&
    !('task_id' in entry) &&
    !('predict' in entry)
  );
}

/**
 * Reads a CRUXEval-X result file: each entry's `answer` is one sample of the problem with that
 * CRUXEval id (Problem.fileIds), read as a "completion" row is (the task's fromCompletion: the
 * answer). Entries without an answer give no sample; an answer for a problem the selection does
 * not have is refused, as in a samples.jsonl.
 *
 * @throws GenerationsError naming the entry ([i]) and field
 */
export function readCruxevalXResults(
  file: string,
  json: readonly unknown[],
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): ImportedGenerations {
  const entries = parseEntries(file, json);
  const byFileId = new Map<string, Problem>();
  for (const problem of problems) {
    for (const id of problem.fileIds ?? []) byFileId.set(id, problem);
  }
  const fromCompletion = options.fromCompletion ?? promptPlusCompletion;
  const programsById = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const entry of entries) {
    if (entry.answer === undefined || entry.answer === null) continue;
    const problem = byFileId.get(String(entry.id));
    if (problem === undefined) {
      unknown.push(String(entry.id));
      continue;
    }
    const programs = programsById.get(problem.id) ?? [];
    if (programs.length !== options.samplesPerProblem) {
      programs.push(fromCompletion(problem, entry.answer));
    }
    programsById.set(problem.id, programs);
  }
  if (unknown.length > 0) {
    throw new GenerationsError(
      `${file}: answers for ${plural(unknown.length, 'id')} not among the ${plural(problems.length, 'selected problem')}: ${listIds(unknown)}`,
      {
        hint: 'a CRUXEval-X result file belongs to one language and mode ({lang}_{input|output}.json): check --task, or widen --limit/--limit-start',
      },
    );
  }
  return assembleGenerations(file, 'cruxeval-x', problems, programsById, options);
}

function parseEntries(file: string, json: readonly unknown[]): z.infer<typeof entrySchema>[] {
  const parsed = z.array(entrySchema).safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [index, ...field] = issue.path;
  const where = field.length === 0 ? '' : ` field "${field.join('.')}"`;
  throw new GenerationsError(`${file}: entry [${String(index)}]${where}: ${issue.message}`, {
    hint: 'a CRUXEval-X result file is a JSON list of {"id": <CRUXEval id>, "answer": "<the answer>"}',
  });
}

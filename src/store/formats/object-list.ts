import type { Problem } from '../../tasks/types.js';
import { classEvalOutputOf } from './classeval-output.js';
import { isCruxevalXEntry, readCruxevalXResults } from './cruxeval-x-results.js';
import type { ImportedGenerations, ReadGenerationsOptions } from './imported.js';
import { parseGenerationsJson, readGenerationsText } from './read-file.js';

const OBJECT_LIST_HINT =
  'a JSON list of objects is read as ClassEval\'s output file (rows with "task_id" and "predict") or a CRUXEval-X result file ({"id", "answer"})';

/**
 * A JSON list of objects: another harness's own result file, told apart by its first entry's
 * fields: CRUXEval-X's (`id` + `answer`), else ClassEval's (`task_id` + `predict`), whose reader
 * refuses anything else (a list of samples.jsonl rows with the way to rewrite it).
 *
 * @throws GenerationsError when the file is not JSON or its entries fit no known harness
 */
export async function readObjectList(
  file: string,
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): Promise<ImportedGenerations> {
  const json = parseGenerationsJson(file, await readGenerationsText(file), OBJECT_LIST_HINT);
  // detectFormat saw '[{': valid JSON here is a list
  if (Array.isArray(json) && isCruxevalXEntry(json[0]))
    return readCruxevalXResults(file, json, problems, options);
  // ClassEval's reader says what is wrong with a row that is not its own (e.g. samples.jsonl
  // rows written as one list)
  return classEvalOutputOf(file, json, problems, options);
}

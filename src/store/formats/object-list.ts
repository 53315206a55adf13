import { GenerationsError } from '../../core/errors.js';
import type { Problem } from '../../tasks/types.js';
import { classEvalOutputOf } from './classeval-output.js';
import { isCruxevalXEntry, readCruxevalXResults } from './cruxeval-x-results.js';
import type { ImportedGenerations, ReadGenerationsOptions } from './imported.js';
import { readGenerationsText } from './read-file.js';

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
  const json = parseJson(file, await readGenerationsText(file));
  if (!Array.isArray(json)) {
    throw new GenerationsError(`${file}: expected a JSON list`);
  }
  if (isCruxevalXEntry(json[0])) return readCruxevalXResults(file, json, problems, options);
  // ClassEval's reader says what is wrong with a row that is not its own (e.g. samples.jsonl
  // rows written as one list)
  return classEvalOutputOf(file, json, problems, options);
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new GenerationsError(`${file}: not valid JSON (${(error as Error).message})`, {
      hint: 'a JSON list of objects is read as ClassEval\'s output file (rows with "task_id" and "predict") or a CRUXEval-X result file ({"id", "answer"})',
      cause: error,
    });
  }
}

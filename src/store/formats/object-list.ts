import { GenerationsError } from '../../core/errors.js';
import type { Problem } from '../../tasks/types.js';
import { isCruxevalXEntry, readCruxevalXResults } from './cruxeval-x-results.js';
import type { ImportedGenerations, ReadGenerationsOptions } from './imported.js';
import { readGenerationsText } from './read-file.js';

/**
 * A JSON list of objects: another harness's own result file, told apart by its first entry's
 * fields (CRUXEval-X: `id` + `answer`). A list of samples.jsonl rows is refused with the way
 * to rewrite it.
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
  throw new GenerationsError(`${file}: not a generations file (found a JSON list of objects)`, {
    hint: 'passk reads a list of objects only as a CRUXEval-X result file ({"id", "answer"}); a list of {"task_id", …} objects should be rewritten as JSONL, one object per line',
  });
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new GenerationsError(`${file}: not valid JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
}

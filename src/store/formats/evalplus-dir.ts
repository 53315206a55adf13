import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GenerationsError } from '../../core/errors.js';
import type { Problem } from '../../tasks/types.js';
import {
  assembleGenerations,
  type ImportedGenerations,
  type ReadGenerationsOptions,
} from './imported.js';
import { listIds, plural } from './messages.js';

/**
 * EvalPlus's other samples format (evalplus/data/utils.py `load_solutions`): a folder with one
 * sub-folder per task, named after its task_id with "/" written "_" (`HumanEval_0`, `Mbpp_2`),
 * holding `N.py` files, each a whole program (prompt included).
 */
export async function isEvalPlusSamplesDir(dir: string): Promise<boolean> {
  const tasks = await taskFolders(dir);
  for (const task of tasks) {
    if ((await pyFiles(join(dir, task))).length > 0) return true;
  }
  return false;
}

/**
 * Reads an EvalPlus samples folder. A sub-folder's name maps back to a task_id as EvalPlus does
 * (every "_" becomes "/"); files are read as Python's text mode reads them (CRLF and a lone CR
 * become "\n"). EvalPlus numbers samples in directory-listing order; passk sorts them by the
 * number in the file name (then by name), so a sample keeps its index (pass@k depends only on
 * the counts). Files that are not `.py` are ignored, as EvalPlus ignores them.
 *
 * @throws GenerationsError for a folder naming no selected problem, or a selected problem with
 *   no samples (unless `allowMissing`)
 */
export async function readEvalPlusDir(
  dir: string,
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): Promise<ImportedGenerations> {
  const known = new Set(problems.map((problem) => problem.id));
  const programsById = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const folder of await taskFolders(dir)) {
    const files = sortBySampleNumber(await pyFiles(join(dir, folder)));
    if (files.length === 0) continue;
    const taskId = folder.replaceAll('_', '/');
    if (!known.has(taskId)) {
      unknown.push(taskId);
      continue;
    }
    const programs = await Promise.all(
      files.map(async (file) => universalNewlines(await readFile(join(dir, folder, file), 'utf8'))),
    );
    programsById.set(taskId, programs);
  }
  if (unknown.length > 0) {
    throw new GenerationsError(
      `${dir}: ${plural(unknown.length, 'task folder names a task', 'task folders name tasks')} not among the ${plural(known.size, 'selected problem')}: ${listIds(unknown.sort())}`,
      {
        hint: 'check --task, or widen --limit/--limit-start (folders are task ids with "/" as "_")',
      },
    );
  }
  return assembleGenerations(dir, 'evalplus-dir', problems, programsById, options);
}

async function taskFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

async function pyFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.py')).map((e) => e.name);
}

function sortBySampleNumber(files: string[]): string[] {
  const number = (name: string) => Number.parseInt(name, 10);
  return files.sort((a, b) => {
    const [na, nb] = [number(a), number(b)];
    if (Number.isNaN(na) || Number.isNaN(nb) || na === nb) return a < b ? -1 : a > b ? 1 : 0;
    return na - nb;
  });
}

/** Python's text-mode reading (newline=None): "\r\n" and a lone "\r" both become "\n". */
function universalNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { sharedDataDir } from '../../src/datasets/index.js';
import type { DatasetSpec } from '../../src/datasets/types.js';
import { repoRoot } from './cli.js';

/**
 * The benchmark data folder (../shared/data beside the checkout, or $PASSK_DATA_DIR) after
 * checking that every path a test reads from it is there. An outside contributor without the
 * data then sees which file is missing and how to get it, instead of a failed assertion deep in
 * a test. Call it at the top of the test file (or in the test) with the paths it reads.
 *
 * @throws Error "missing ../shared/data/X: run scripts/fetch-data.sh or set PASSK_DATA_DIR"
 */
export function requireData(...paths: string[]): string {
  const dir = sharedDataDir();
  for (const path of paths.length === 0 ? ['.'] : paths) {
    if (!existsSync(join(dir, path))) throw missingData(dir, path);
  }
  return dir;
}

/** The absolute path of one data file or folder, checked as requireData does. */
export function dataPath(path: string): string {
  return join(requireData(path), path);
}

function missingData(dir: string, path: string): Error {
  return new Error(
    `missing ${shown(join(dir, path))}: run scripts/fetch-data.sh (it downloads the benchmark files into ${shown(dir)}) or set PASSK_DATA_DIR to a folder that has them`,
  );
}

/** ../shared/data/… as seen from the checkout; any other folder as an absolute path. */
function shown(path: string): string {
  const fromRepo = relative(repoRoot, resolve(path));
  return fromRepo.startsWith('../shared/') ? fromRepo : resolve(path);
}

/** The data folder, checked to hold what `task` reads (its dataset's local file or folder). */
export function requireTaskData(task: { dataset: DatasetSpec }): string {
  const path = task.dataset.localFile ?? task.dataset.localDir;
  return path === undefined ? requireData() : requireData(path);
}

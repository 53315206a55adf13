import { DatasetError } from '../core/errors.js';
import { loadDirectoryDataset } from './directory.js';
import { parseDataset } from './parse.js';
import { resolveDatasetFile } from './source.js';
import type { DatasetLoadOptions, DatasetSpec, LoadedDataset } from './types.js';

export { readDatasetEnv } from './env.js';
export { defaultCacheDir, defaultDataDir, sharedDataDir } from './paths.js';
export { rowLine } from './rows.js';
export type { DatasetLoadOptions, DatasetSpec, LoadedDataset } from './types.js';
export { validateRows } from './validate.js';

/**
 * Loads a benchmark's rows. Looks, in order, at `options.datasetPath`, `options.dataDir` (default
 * PASSK_DATA_DIR) + `spec.localFile`, the Hub cache, then downloads the pinned Hub file unless
 * offline (`options.offline`, HF_HUB_OFFLINE=1 or PASSK_OFFLINE=1). Reads JSONL, JSONL.gz, JSON
 * arrays and Parquet, and records the file's sha256 and where it came from.
 *
 * @throws DatasetError when the file is nowhere to be found (naming where it looked and how to
 *   supply it), cannot be downloaded (naming the URL), is malformed (naming file:line), or is empty.
 */
export async function loadDataset(
  spec: DatasetSpec,
  options: DatasetLoadOptions = {},
): Promise<LoadedDataset> {
  if (spec.localDir !== undefined) return loadDirectoryDataset(spec.localDir, options);
  const { bytes, ...found } = await resolveDatasetFile(spec, options);
  const rows = await parseDataset(bytes, found.file);
  if (rows.length === 0) {
    throw new DatasetError(`${found.file} holds no rows`, {
      hint: 'the file is empty: re-download it, or point --dataset-path at the real data',
    });
  }
  return { rows, ...found };
}

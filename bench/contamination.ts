/**
 * Contamination-check throughput: scans a generated corpus (default 100 MB of plain text, or
 * JSONL records with --jsonl) with a HumanEval prompt planted in it, for HumanEval's n-grams,
 * and prints MB/s. Not a test: it checks only that the planted problem is the one flagged.
 *
 *   npx tsx bench/contamination.ts [--mb 100] [--jsonl]
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanCorpora } from '../src/contamination/index.js';
import { writeSyntheticCorpus } from '../src/contamination/synthetic-corpus.js';
import { loadDataset, sharedDataDir } from '../src/datasets/index.js';
import { humaneval } from '../src/tasks/humaneval/task.js';

const args = process.argv.slice(2);
const mbFlag = args.indexOf('--mb');
const megabytes = mbFlag >= 0 ? Number(args[mbFlag + 1]) : 100;
const format = args.includes('--jsonl') ? 'jsonl' : 'text';

const loaded = await loadDataset(humaneval.dataset, { dataDir: sharedDataDir(), offline: true });
const problems = humaneval.problems(loaded.rows, loaded.file);
const target = problems[100]!;
const file = join(
  tmpdir(),
  `passk-bench-corpus-${process.pid}.${format === 'jsonl' ? 'jsonl' : 'txt'}`,
);
try {
  let started = performance.now();
  const { bytes } = await writeSyntheticCorpus(file, {
    bytes: megabytes * 1e6,
    plant: { text: target.datasetPrompt, at: 0.73 },
    format,
  });
  const writeSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const result = await scanCorpora(problems, [file]);
  const seconds = (performance.now() - started) / 1000;
  const memory = process.memoryUsage().rss / 2 ** 20;
  console.log(
    `corpus: ${(bytes / 1e6).toFixed(1)} MB of ${format} written in ${writeSeconds.toFixed(1)} s`,
  );
  console.log(
    `scan: ${(result.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${(result.bytes / 1e6 / seconds).toFixed(1)} MB/s (rss ${memory.toFixed(0)} MiB)`,
  );
  console.log(`flagged: ${result.flagged.join(', ') || 'none'} (planted: ${target.id})`);
  if (result.flagged.length !== 1 || result.flagged[0] !== target.id) process.exitCode = 1;
} finally {
  await rm(file, { force: true });
}

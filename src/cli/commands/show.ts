import type { Command } from 'commander';
import { defaultDataDir } from '../../datasets/index.js';
import type { DatasetLoadOptions } from '../../datasets/types.js';
import { failureBreakdown, formatScore, headline } from '../../report/html/index.js';
import { defaultIntervals } from '../../report/html/intervals.js';
import { oneLine, sampleLabel } from '../../report/terminal.js';
import type { RunDetail } from '../../store/db/index.js';
import { DB_FLAG_HELP } from './runs.js';

export function registerShow(program: Command): void {
  program
    .command('show')
    .description('print the summary of one run (RUN: run id, id prefix, "latest" or run dir)')
    .argument('<run>', 'run id, unique id prefix, "latest", or a run directory')
    .option('--db <file>', DB_FLAG_HELP)
    .option(
      '--data-dir <dir>',
      'benchmark files, for a run dir not in the store (env PASSK_DATA_DIR)',
    )
    .action(async (ref: string, raw: { db?: string; dataDir?: string }) => {
      const { loadRun } = await import('../../store/db/index.js');
      const run = await loadRun(ref, loadOptions(raw));
      process.stdout.write(formatRunSummary(run));
    });
}

/** --db / --data-dir as loadRun options (shared with `passk report`). */
export function loadOptions(raw: { db?: string; dataDir?: string }) {
  const dataDir = raw.dataDir ?? defaultDataDir();
  const dataset: DatasetLoadOptions = { offline: true, ...(dataDir ? { dataDir } : {}) };
  return { dataset, ...(raw.db === undefined ? {} : { db: raw.db }) };
}

/**
 * The terminal summary: the same headline numbers (and intervals) as the HTML report's card,
 * verdict counts, top error types and provenance in one screen.
 */
export function formatRunSummary(run: RunDetail): string {
  const s = run.summary;
  const head = headline(run, defaultIntervals);
  const p = run.provenance;
  const breakdown = failureBreakdown(run);
  const lines = [
    `run ${s.id}  ${s.task} · ${s.model ?? 'unknown model'}  (${s.createdAt.slice(0, 19).replace('T', ' ')} UTC)`,
  ];
  if (s.runDir) lines.push(`  dir: ${s.runDir}`);
  lines.push(`  ${head.problems} problems, ${head.samples} samples`);
  for (const point of head.scores) lines.push(`  pass@${point.k} = ${formatScore(point)}`);
  if (head.infraErrors > 0) lines.push(`  not judged (sandbox failure): ${head.infraErrors}`);
  const verdicts = breakdown.byStatus.map(([status, n]) => `${status} ${n}`).join(', ');
  lines.push(`  verdicts: ${verdicts || 'none'}`);
  const errors = breakdown.byErrorType.slice(0, 5).map(([type, n]) => `${sampleLabel(type)} ${n}`);
  if (errors.length > 0) lines.push(`  top errors: ${errors.join(', ')}`);
  if (p.dataset)
    lines.push(`  dataset: ${p.dataset.file} (sha256 ${p.dataset.sha256.slice(0, 12)}…)`);
  if (p.execution) {
    lines.push(
      `  sandbox: ${String(p.execution['sandbox'])} (isolation: ${String(p.execution['isolation'])})`,
    );
  }
  if (p.model?.sampling) lines.push(`  sampling: ${JSON.stringify(p.model.sampling)}`);
  const tools = Object.entries(p.toolchain).map(([tool, v]) => `${tool} ${v}`);
  const m = p.machine;
  lines.push(
    `  passk ${p.passkVersion} · ${tools.join(' · ')} · ${m.os} ${m.arch}, ${m.cpus} cpus, ${(m.memoryBytes / 1024 ** 3).toFixed(0)} GiB`,
  );
  // Every line one line of plain text, whatever a sample made its error type say.
  return `${lines.map((line) => oneLine(line)).join('\n')}\n`;
}

import { basename } from 'node:path';
import type { RunRecord } from '../store/records.js';

/**
 * What a run is called in reports: its `--label` when it has one, else its model, with
 * generations scored from a file named by the file (not its whole path), then the run id, so
 * two runs of one model stay apart.
 */
export function runLabel(run: RunRecord): string {
  const model = run.provenance.model;
  const name = model?.label ?? shortModel(model?.name ?? run.summary.model) ?? run.summary.task;
  return `${name} · ${run.summary.id}`;
}

function shortModel(name: string | null | undefined): string | undefined {
  if (name === null || name === undefined) return undefined;
  return name.startsWith('file:') ? basename(name.slice('file:'.length)) : name;
}

import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take long, for a clean clone (no recorded durations), longest kind first: the
 * registry's reference-run shards (1–2 minutes of CPU each), then the slow project's files.
 */
const REGISTRY_RUN = /(^|\/)registry-run-[^/]+\.test\.ts$/;

/**
 * Longest first across all projects, not project after project as vitest's own order does: the
 * projects share one pool of workers, and a long file left for the end of the last project
 * would run alone while the other workers idle. Durations come from vitest's results cache
 * (node_modules/.vite) when a file ran before; on a clean clone, the known long ones first.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cost = new Map(files.map((spec) => [spec, this.cost(spec)]));
    return [...files].sort((a, b) => compare(cost.get(a)!, cost.get(b)!));
  }

  private cost(spec: TestSpecification): Cost {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const cache = this.ctx.cache;
    const known = REGISTRY_RUN.test(spec.moduleId) ? 0 : spec.project.name === 'slow' ? 1 : 2;
    return {
      duration: cache.getFileTestResults(key)?.duration,
      known,
      size: cache.getFileStats(key)?.size ?? 0,
      shared: spec.project.config.isolate === false,
    };
  }
}

interface Cost {
  duration: number | undefined;
  /** 0: a registry-run shard, 1: a slow-project file, 2: any other. */
  known: number;
  size: number;
  /** In a project whose workers run file after file (isolate: false). */
  shared: boolean;
}

/**
 * Timed files longest first; untimed ones before them when known to be long (rank 0 and 1),
 * after them otherwise, larger first. The other files of a project with shared workers (the
 * unit project's short ones) come last, together: vitest hands a finished worker the next file
 * only when that file is of the same project, else it starts a new process; short files at the
 * end also fill the gaps the long ones leave.
 */
function compare(a: Cost, b: Cost): number {
  const rank = (c: Cost) =>
    c.known < 2 && c.duration === undefined
      ? c.known
      : c.shared && c.known === 2
        ? 4
        : c.duration !== undefined
          ? 2
          : 3;
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a.duration !== undefined && b.duration !== undefined) return b.duration - a.duration;
  // Within the shared files: timed ones first (longest first), then the others, larger first.
  if (a.duration !== undefined || b.duration !== undefined)
    return a.duration === undefined ? 1 : -1;
  return b.size - a.size;
}

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
    };
  }
}

interface Cost {
  duration: number | undefined;
  /** 0: a registry-run shard, 1: a slow-project file, 2: any other. */
  known: number;
  size: number;
}

/**
 * Timed files longest first; untimed ones before them when known to be long (rank 0 and 1),
 * after them otherwise, larger first.
 */
function compare(a: Cost, b: Cost): number {
  const rank = (c: Cost) => (c.duration !== undefined ? 2 : c.known < 2 ? c.known : 3);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a.duration !== undefined && b.duration !== undefined) return b.duration - a.duration;
  return b.size - a.size;
}

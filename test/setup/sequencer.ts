import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take long before any duration was recorded (a clean clone): the slow project
 * and the registry's reference-run shards. They start first, so that with several workers the
 * run does not end with one of them running alone.
 */
const HEAVY = /(^|\/)registry-run-[^/]+\.test\.ts$/;

/**
 * Longest first across all projects, not project after project as vitest's own order does: the
 * projects share one pool of workers, and a long file left for the end of the last project
 * would run alone while the other workers idle. Durations come from vitest's results cache
 * (node_modules/.vite) when a file ran before; on a clean clone, heavy files first.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cost = new Map(files.map((spec) => [spec, this.cost(spec)]));
    return [...files].sort((a, b) => compare(cost.get(a)!, cost.get(b)!));
  }

  private cost(spec: TestSpecification): Cost {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const cache = this.ctx.cache;
    const heavy = spec.project.name === 'slow' || HEAVY.test(spec.moduleId);
    return {
      duration: cache.getFileTestResults(key)?.duration,
      heavy,
      size: cache.getFileStats(key)?.size ?? 0,
    };
  }
}

interface Cost {
  duration: number | undefined;
  heavy: boolean;
  size: number;
}

/** Heavy files never timed, then timed files longest first, then the others larger first. */
function compare(a: Cost, b: Cost): number {
  const rank = (c: Cost) => (c.duration !== undefined ? 1 : c.heavy ? 0 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a.duration !== undefined && b.duration !== undefined) return b.duration - a.duration;
  return b.size - a.size;
}

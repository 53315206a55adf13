import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { compareFiles, type FileCost, isRegistryRun } from './file-order.js';

/**
 * Long files first, then project after project. vitest's own order (project after project,
 * longest first within each) can leave a long file for the end, running alone while the other
 * workers idle; and vitest hands a finished worker the next file only when that file is of the
 * same project (else it starts a new process), so the files of a project with shared workers
 * (isolate: false) must follow one another. Durations come from vitest's results cache
 * (node_modules/.vite) when a file ran before; on a clean clone sizes stand in for them.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cost = new Map(files.map((spec) => [spec, this.cost(spec)]));
    return [...files].sort((a, b) => compareFiles(cost.get(a)!, cost.get(b)!));
  }

  private cost(spec: TestSpecification): FileCost {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const cache = this.ctx.cache;
    return {
      project: spec.project.name,
      duration: cache.getFileTestResults(key)?.duration,
      registryRun: isRegistryRun(spec.moduleId),
      size: cache.getFileStats(key)?.size ?? 0,
    };
  }
}

/**
 * `scripts/setup.sh --task bigcodebench` against the dataset's own `libs` field (issue 29, item
 * 15): every library a row names is the standard library's or mapped (to a Debian package, or
 * listed as having none), and the family name gives setup.sh every package. Nothing installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../datasets/jsonl.js';
import { sharedDataDir } from '../../datasets/paths.js';
import { BIGCODEBENCH_LIBS, BIGCODEBENCH_NOT_IN_DEBIAN } from './libs.js';
import { parseLibs } from './task.js';

const STDLIB = new Set<string>(
  JSON.parse(
    execFileSync('/usr/bin/python3', [
      '-c',
      'import json, sys; print(json.dumps(sorted(sys.stdlib_module_names)))',
    ]).toString(),
  ),
);

/** The union of the `libs` field over a release's rows. */
async function datasetLibs(version: string): Promise<string[]> {
  const file = join(sharedDataDir(), 'bigcodebench', `BigCodeBench-${version}.jsonl.gz`);
  const rows = await readJsonl(file);
  const libs = rows.map(({ value }) => (value as { libs: string | string[] }).libs);
  return [...new Set(libs.flatMap((field) => parseLibs(field)))].sort();
}

/** scripts/task-packages.mjs as setup.sh runs it (from the sources): stdout and stderr. */
function taskPackages(name: string): { packages: string[]; stderr: string; status: number | null } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/task-packages.mjs', name], {
    encoding: 'utf8',
  });
  return { packages: run.stdout.trim().split(/\s+/), stderr: run.stderr, status: run.status };
}

describe('BigCodeBench libraries and Debian packages', () => {
  it.each(['v0.1.4', 'v0.1.0_hf'])(
    'maps every third-party library of the %s rows (libs field)',
    async (version) => {
      const libs = await datasetLibs(version);
      expect(libs.length).toBeGreaterThan(100);
      const unmapped = libs.filter((lib) => !STDLIB.has(lib) && !(lib in BIGCODEBENCH_LIBS));
      expect(unmapped).toEqual([]);
    },
  );

  it('setup.sh --task bigcodebench gets every mapped package and names the rest', () => {
    const { packages, stderr, status } = taskPackages('bigcodebench');
    expect(status).toBe(0);
    const wanted = Object.values(BIGCODEBENCH_LIBS).filter((p): p is string => p !== null);
    expect(wanted.filter((p) => !packages.includes(p))).toEqual([]);
    expect(stderr).toContain(`no Debian package provides ${BIGCODEBENCH_NOT_IN_DEBIAN.join(', ')}`);
  });
});

import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defaultCacheDir } from '../cache.js';
import { JS_CANARIES, jsDiagnose, jsPlan } from './node-support.js';
import { defineProcessRuntime, realBinary } from './process-runtime.js';

/**
 * npm packages that benchmark programs `require` (HumanEval-X JavaScript/162's canonical
 * solution uses `js-md5`, as the original harness's evaluation folder had installed): each is
 * bound read-only at its own path, and NODE_PATH names their folder, so a program sees these
 * packages and none of passk's other dependencies. A package that is not installed is left out.
 */
const PROGRAM_PACKAGES = ['js-md5'];

function packageDirs(): string[] {
  const require = createRequire(import.meta.url);
  return PROGRAM_PACKAGES.flatMap((name) => {
    try {
      return [outsideTmp(name, realBinary(dirname(require.resolve(`${name}/package.json`))))];
    } catch {
      return [];
    }
  });
}

/**
 * The sandbox's /tmp is its own tmpfs, which hides a bind under it: a package installed under
 * /tmp (a checkout there) is copied once into passk's cache folder and bound from there.
 */
function outsideTmp(name: string, dir: string): string {
  if (!dir.startsWith('/tmp/')) return dir;
  const copy = join(dirname(defaultCacheDir()), 'node-packages', name);
  if (copy.startsWith('/tmp/')) return dir;
  cpSync(dir, copy, { recursive: true });
  return copy;
}

const PACKAGE_DIRS = packageDirs();
const NODE_PATH = [...new Set(PACKAGE_DIRS.map((dir) => dirname(dir)))].join(':');

/** JavaScript on the system's Node (CommonJS, as MultiPL-E and HumanEval-X tests expect). */
export const javascript = defineProcessRuntime({
  language: 'javascript',
  versionArgv: ['/usr/bin/node', '--version'],
  debianPackages: 'nodejs',
  canaries: JS_CANARIES,
  mounts: PACKAGE_DIRS,
  plan: (source, limits) => {
    const plan = jsPlan(source, limits);
    if (NODE_PATH === '') return plan;
    return { ...plan, run: { ...plan.run, env: { ...plan.run.env, NODE_PATH } } };
  },
  diagnose: jsDiagnose,
});

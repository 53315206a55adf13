import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { canaryFolder } from '../kit/canary-folder.js';
import { jsComment, jsDiagnose, jsPlan } from '../kit/node.js';
import { defineProcessRuntime } from '../kit/process-runtime.js';

/**
 * npm packages that benchmark programs `require` (HumanEval-X JavaScript/162's canonical solution
 * uses `js-md5`, which the original harness's evaluation folder had installed), with the files
 * each needs: a program that names one gets those files in its own `node_modules`, so it sees
 * that package and none of passk's other dependencies. A package that is not installed is left
 * out. (Written per program rather than bound from node_modules: the sandbox's /tmp is its own
 * tmpfs, which would hide a checkout under /tmp.)
 */
const PROGRAM_PACKAGES: Record<string, readonly string[]> = {
  'js-md5': ['package.json', 'src/md5.js'],
};

function packageFiles(): Map<string, Record<string, string>> {
  const require = createRequire(import.meta.url);
  const found = new Map<string, Record<string, string>>();
  for (const [name, files] of Object.entries(PROGRAM_PACKAGES)) {
    try {
      const dir = dirname(require.resolve(`${name}/package.json`));
      const contents = Object.fromEntries(
        files.map((file) => [
          `node_modules/${name}/${file}`,
          readFileSync(join(dir, file), 'utf8'),
        ]),
      );
      found.set(name, contents);
    } catch {
      // not installed: programs that require it fail with MODULE_NOT_FOUND
    }
  }
  return found;
}

const PACKAGES = packageFiles();

/** JavaScript on the system's Node (CommonJS, as MultiPL-E and HumanEval-X tests expect). */
export const javascript = defineProcessRuntime({
  language: 'javascript',
  versionArgv: ['/usr/bin/node', '--version'],
  debianPackages: 'nodejs',
  canaries: canaryFolder(import.meta.url, '.js', jsComment),
  plan: (source, limits) => {
    const plan = jsPlan(source, limits);
    const files = { ...plan.files };
    for (const [name, contents] of PACKAGES) {
      if (source.includes(name)) Object.assign(files, contents);
    }
    return { ...plan, files };
  },
  diagnose: jsDiagnose,
});

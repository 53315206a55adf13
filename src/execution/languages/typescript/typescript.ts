import type { Verdict } from '../../types.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { jsComment, jsDiagnose, NODE_PRELOAD, nodeRunStep } from '../kit/node.js';
import { artifactKey, compileLimits, defineProcessRuntime } from '../kit/process-runtime.js';
import type { Toolchain } from '../kit/types.js';
import { CHECKER, CHECKER_HASH, checkerLine, TS_DIR, TS_VERSION } from './typescript-check.js';
import { CHECKER_NODE, ensureCompilerCache } from './typescript-support.js';

/**
 * TypeScript semantics (documented in docs/tasks.md):
 *  - the `typescript` package passk depends on (pinned, 6.0.x) is the compiler, run as each
 *    sample's compile step inside the sandbox (see typescript-check.ts): one process per sample,
 *    `strict: true`, lib ES2022, no @types, no file resolution; loaded from V8's code cache of it
 *    when the artifact cache has one (typescript-support.ts);
 *  - a sample with any diagnostic is 'type-error' (error type `TS<code>`) and does not run; a
 *    compiler crash is that sample's 'error' (`TypeCheckerCrash`);
 *  - otherwise its tests run on the emitted CommonJS (ES2022) under the same Node preload as
 *    JavaScript: strict deep equality, loose-only passes reported as 'LooseEqualityOnly'.
 */

function review(_source: string, verdict: Verdict): Verdict {
  if (verdict.status !== 'error' || verdict.errorType !== 'CompileError') return verdict;
  // The only compile step is the checker: a diagnostic, or else the checker failed.
  const line = checkerLine(verdict.message ?? '');
  if (line?.kind === 'diagnostic') {
    return { ...verdict, status: 'type-error', errorType: line.code, message: line.text };
  }
  return {
    ...verdict,
    errorType: 'TypeCheckerCrash',
    message: line?.text ?? verdict.message ?? '',
  };
}

export const typescript = defineProcessRuntime({
  language: 'typescript',
  versionArgv: [
    '/usr/bin/node',
    '-p',
    `'node ' + process.version + ', typescript ${TS_VERSION}, checker ${CHECKER_HASH}'`,
  ],
  debianPackages: 'nodejs',
  mounts: [TS_DIR],
  // The JavaScript canaries, declaring `require` and `process` so that they type-check (no
  // @types/node); `.mts`, so that passk's own type check and build leave them alone.
  canaries: canaryFolder(import.meta.url, '.mts', jsComment),
  plan(source, limits, version, install) {
    const files = { 'program.ts': source, 'passk-tsc.cjs': CHECKER };
    const cache = install.artifactsDir ? compilerCaches.get(install.artifactsDir) : undefined;
    const argv = [...CHECKER_NODE, '{scratch}/passk-tsc.cjs', TS_DIR, ...(cache ? [cache] : [])];
    return {
      files: { ...files, 'passk-preload.cjs': NODE_PRELOAD },
      compile: {
        argv,
        key: artifactKey(version, argv, files),
        outputs: ['program.js'],
        limits: compileLimits(limits, 60_000),
      },
      run: nodeRunStep(limits, '{artifacts}/program.js'),
    };
  },
  diagnose: jsDiagnose,
  review,
  prepareBatch: prepare,
});

/** Per artifact cache (host path): the compiler's code cache, as the sandbox sees it. */
const compilerCaches = new Map<string, string>();

async function prepare(_sources: readonly string[], install: Toolchain): Promise<void> {
  if (!install.artifactsDir) return;
  const found = await ensureCompilerCache(install.artifactsDir, '{cache}', install.version);
  if (found) compilerCaches.set(install.artifactsDir, found);
  else compilerCaches.delete(install.artifactsDir);
}

import { join } from 'node:path';
import { harnessFile } from '../kit/harness-template.js';
import { buildInto, supportHash } from '../kit/toolchain-support.js';
import { CHECKER, TS_DIR } from './typescript-check.js';

/** Node's flags for the checker: V8 accepts a code cache only under the flags that made it. */
export const CHECKER_NODE = ['/usr/bin/node', '--max-old-space-size=1536'];

/** A sample like the programs checked (functions, arrays, callbacks, node:assert). */
const SAMPLE = harnessFile(import.meta.url, 'cache-sample.mts');

/**
 * V8's code cache of the TypeScript compiler, made once per toolchain (node and typescript
 * versions, checker) in the artifact cache's `typescript-support/` folder: the checker run on the
 * host on SAMPLE (our own code, never a candidate's), which then saves the compiled code of what
 * it ran. Each sample's check loads the compiler from it: ~0.2 s of the ~0.7 s of CPU a check
 * takes is compiling typescript.js's 9 MB. The compiler is the same code either way, and a cache
 * V8 rejects (another V8, other flags) is just compiled again, so no verdict depends on it.
 * `host`: the artifact cache here; `sandbox`: the same folder as programs see it. Undefined when
 * the build failed (programs are then checked without it).
 */
export async function ensureCompilerCache(
  host: string,
  sandbox: string,
  version: string,
): Promise<string | undefined> {
  const name = `typescript-support/${supportHash(version, ...CHECKER_NODE, CHECKER, SAMPLE)}`;
  const argv = [...CHECKER_NODE, '{dir}/passk-tsc.cjs', TS_DIR, '{dir}/typescript.cache', 'write'];
  const files = { 'program.ts': SAMPLE, 'passk-tsc.cjs': CHECKER };
  const built = await buildInto(join(host, name), files, argv);
  return built ? `${sandbox}/${name}/typescript.cache` : undefined;
}

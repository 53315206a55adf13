import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeMissingError } from '../../../core/errors.js';
import type { Runtime } from './types.js';

/**
 * A toolchain that setup.sh installs with npm into `.passk-engines/<name>` of the checkout
 * (outside node_modules, which `npm ci` of passk wipes), or the folder the environment variable
 * `variable` names instead.
 */
export function enginesFolder(
  name: string,
  variable: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const fromEnv = env[variable];
  if (fromEnv) return resolve(fromEnv);
  return fileURLToPath(new URL(`../../../../.passk-engines/${name}`, import.meta.url));
}

/**
 * `runtime`, resolving only when its engine is installed: `missing()` (checked at each resolve)
 * is the error naming the fix (setup.sh's, not a Debian package), undefined when it is there.
 */
export function needingEngine(
  runtime: Runtime,
  missing: () => RuntimeMissingError | undefined,
): Runtime {
  return {
    ...runtime,
    resolve(options) {
      const error = missing();
      return error ? Promise.reject(error) : runtime.resolve(options);
    },
  };
}

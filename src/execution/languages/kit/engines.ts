import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

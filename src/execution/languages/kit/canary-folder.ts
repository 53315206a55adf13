import { readdirSync } from 'node:fs';
import { sourceFilePath } from '../../../core/source-files.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { HarnessTemplateError, harnessFile, harnessPlaceholders } from './harness-template.js';
import { TESTS_MARKER } from './test-binding.js';
import type { SourceCanaries } from './types.js';

/** What a canary may name: the result channel's fd (an attack that forges the end event). */
const CHANNELS: Readonly<Record<string, number>> = { RESULT_FD };

/**
 * A language's canaries, kept as programs in its folder's `canaries/` (each file a whole program
 * in the language, `suffix` its file suffix; a leading comment header is dropped as in harness
 * files):
 * - `wrong<suffix>`: runs its assertions, one of which fails;
 * - `early-exit-*<suffix>`: exit with status 0 before a failing assertion;
 * - `rebinding-*<suffix>`: a wrong candidate that rebinds what the marked tests use;
 * - `harness-attack-*<suffix>`: attacks on the harness that must not pass;
 * - `sleeper<suffix>`: sleeps `{{SECONDS}}` seconds (or `{{MILLISECONDS}}` milliseconds).
 * A canary may name `{{RESULT_FD}}`, the result channel's fd.
 * Files of a kind are taken in name order; all are read now, once. `comment` makes a source
 * distinct (defeats dedup and the cache).
 */
export function canaryFolder(
  moduleUrl: string,
  suffix: string,
  comment: (text: string) => string,
): SourceCanaries {
  const names = readdirSync(sourceFilePath(moduleUrl, 'canaries')).sort();
  const read = (name: string) => {
    const file = `canaries/${name}`;
    const values = harnessPlaceholders(moduleUrl, file).flatMap((p) => {
      const value = CHANNELS[p];
      return value === undefined ? [] : [[p, value] as const];
    });
    return harnessFile(moduleUrl, file, Object.fromEntries(values));
  };
  const all = (kind: string) =>
    names.filter((name) => name.startsWith(`${kind}-`) && name.endsWith(suffix)).map(read);
  const sleeper = `canaries/sleeper${suffix}`;
  const [unit] = harnessPlaceholders(moduleUrl, sleeper);
  const rebindings = all('rebinding');
  for (const [i, source] of rebindings.entries()) {
    // A rebinding attacks the tests' part: without the marker the canary would test nothing.
    if (!source.includes(`\n${TESTS_MARKER}`)) {
      throw new HarnessTemplateError(
        `canaries/rebinding-*${suffix} #${i + 1}`,
        `has no ${TESTS_MARKER} line`,
      );
    }
  }
  const harnessAttacks = all('harness-attack');
  return {
    wrong: read(`wrong${suffix}`),
    earlyExits: all('early-exit'),
    ...(rebindings.length > 0 ? { rebindings } : {}),
    ...(harnessAttacks.length > 0 ? { harnessAttacks } : {}),
    sleeper: (seconds) =>
      harnessFile(moduleUrl, sleeper, {
        [unit ?? 'SECONDS']: unit === 'MILLISECONDS' ? seconds * 1000 : seconds,
      }),
    comment,
  };
}

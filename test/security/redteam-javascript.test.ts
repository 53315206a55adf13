/**
 * Redteam (issue 25): JavaScript's tests run in the candidate's process after its code, under
 * passk's preload (node-support.ts). Each attack stands next to a right and a wrong program: the
 * pass count must not move. Real sandbox, real Node.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSources, securityExecutorForFile } from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/redteam');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

const executor = securityExecutorForFile();

const program = (op: string) =>
  `function add(a, b) {\n  return a ${op} b;\n}\nconst assert = require('node:assert');\nassert.deepEqual(add(1, 1), 2);\n`;

describe('JavaScript: attacks on the in-process harness', () => {
  it('no attack passes, and the ones only an attack does are flagged', async () => {
    const verdicts = await runSources(
      executor(),
      'javascript',
      {
        right: program('+'),
        wrong: program('-'),
        stackGetter: fixture('js-stack-getter.js'),
        topLevelReturn: fixture('js-top-level-return.js'),
        repoint: fixture('js-repoint-result-fd.js'),
        swallow: fixture('js-swallow-rejection.js'),
        patchThen: fixture('js-patch-then.js'),
      },
      LIMITS,
    );
    const status = (id: string) => [id, verdicts.get(id)?.status];
    expect(status('right')).toEqual(['right', 'passed']);
    expect(status('wrong')).toEqual(['wrong', 'failed']);
    for (const id of ['stackGetter', 'topLevelReturn', 'repoint', 'swallow', 'patchThen']) {
      expect(status(id)).not.toEqual([id, 'passed']);
    }
    expect(verdicts.get('topLevelReturn')?.tamper).toBe('top-level-return');
    expect(verdicts.get('repoint')?.tamper).toBe('result-fd');
    expect(status('swallow')).toEqual(['swallow', 'failed']);
    expect(status('patchThen')).toEqual(['patchThen', 'failed']);
  }, 300_000);
});

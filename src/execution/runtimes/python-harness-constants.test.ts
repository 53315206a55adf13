import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NONCE_FD } from './nonce-channel.js';
import { pythonSupportDir, TAMPER_STATUS } from './python.js';

/** A `NAME = <int>` constant of one of the Python harness files. */
function constantOf(file: string, name: string): number {
  const text = readFileSync(join(pythonSupportDir(), file), 'utf8');
  const match = new RegExp(`^${name} = (\\d+)`, 'm').exec(text);
  if (!match) throw new Error(`${file} has no ${name}`);
  return Number(match[1]);
}

describe('the Python harness files agree with the host on their numbers', () => {
  it('tamper status, result fd and nonce fd', () => {
    for (const file of ['runner.py', 'exercism_run.py']) {
      expect([file, constantOf(file, 'TAMPER_STATUS')]).toEqual([file, TAMPER_STATUS]);
      expect([file, constantOf(file, 'RESULT_FD')]).toEqual([file, 3]);
    }
    expect(constantOf('exercism_run.py', 'NONCE_FD')).toBe(NONCE_FD);
  });
});

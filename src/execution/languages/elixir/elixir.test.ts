import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import type { ResolvedLimits } from '../../worker/protocol.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';
import { elixir } from './elixir.js';

/** The wrong canary (McEval's shape: ExUnit cases after `ExUnit.start()`), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.exs').replace('a - b', 'a + b');

describe('the elixir language', () => {
  it('gives erl 2 GiB of address space at least, with a 512 MiB literal area', async () => {
    const { adapter } = await elixir.resolve({});
    const limits = { timeoutMs: 5000, memoryBytes: 2 ** 30, cpuSeconds: 6 } as ResolvedLimits;
    const run = adapter.plan('IO.puts(1)', limits).plan?.run;
    expect(run?.limits?.memoryBytes).toBe(2 * 2 ** 30);
    expect(run?.argv).toContain('+MIscs 512');
  });

  it('runs in the real sandbox: right passes, wrong fails, early exits and a rebound assert do not pass', async () => {
    const verdicts = await preflightVerdicts('elixir', RIGHT);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.errorType).toBe('ExUnitFailure');
    for (const id of ['early-exit-0', 'early-exit-1', 'harness-attack-1']) {
      expect(verdicts.get(id)?.status, id).toBe('incomplete');
    }
    expect(verdicts.get('harness-attack-0')?.tamper).toBe('assert-rebound');
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 180_000);
});

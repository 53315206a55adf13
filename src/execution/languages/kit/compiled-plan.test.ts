import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../../sandboxes/common.js';
import { compiledPlan } from './compiled-plan.js';

const limits = resolveLimits({ timeoutMs: 1000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 });
const spec = {
  files: { 'a.c': 'int main() { return 0; }\n' },
  argv: ['cc', 'a.c', '-o', 'program'],
  version: 'cc 1',
  limits,
  compileMs: 30_000,
  run: { argv: ['{artifacts}/program'] },
};

describe('compiledPlan', () => {
  it('compiles into program with the compile floor, runs, and adds a batch only when given', () => {
    const plan = compiledPlan(spec);
    expect(plan.files).toBe(spec.files);
    expect(plan.compile?.outputs).toEqual(['program']);
    expect(plan.compile?.limits.timeoutMs).toBe(30_000);
    expect(plan.compile).not.toHaveProperty('env');
    expect(plan.run).toBe(spec.run);
    expect(plan).not.toHaveProperty('batch');
    expect(compiledPlan({ ...spec, env: { A: '1' }, outputs: ['classes'] }).compile).toMatchObject({
      env: { A: '1' },
      outputs: ['classes'],
    });
  });

  it('keys the artifact by version, argv and file contents', () => {
    const key = compiledPlan(spec).compile?.key;
    expect(compiledPlan({ ...spec }).compile?.key).toBe(key);
    expect(compiledPlan({ ...spec, version: 'cc 2' }).compile?.key).not.toBe(key);
    expect(compiledPlan({ ...spec, argv: ['cc', '-O2', 'a.c'] }).compile?.key).not.toBe(key);
    const changed = { 'a.c': 'int main() { return 1; }\n' };
    expect(compiledPlan({ ...spec, files: changed }).compile?.key).not.toBe(key);
  });
});

import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../../sandboxes/common.js';
import { rustBatch } from '../rust/rust-batch.js';
import { Batches } from './batch.js';
import { jvmBatch } from './jvm-batch.js';

const limits = resolveLimits({ timeoutMs: 1000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 });
const java = jvmBatch({
  mode: 'javac',
  jvm: ['java', '-cp', '{cache}/tool'],
  options: ['-encoding', 'UTF-8'],
  files: (source) => ({ 'Main.java': source, 'PasskLauncher.java': 'launcher' }),
  sources: () => ['Main.java', 'PasskLauncher.java'],
  memberLimitMs: 15_000,
  output: '{artifacts}/classes',
  memberOutput: (member) => `{artifacts}/classes/${member}`,
});
const run = { argv: ['java', '-cp', '{artifacts}/classes:/lib.jar', 'PasskLauncher'] };
const programs = ['a', 'b', 'c', 'd'].map((x) => `class Main { /* ${x} */ }`);

describe('JVM batches', () => {
  it("puts each member's files, unchanged, in a folder of its own", () => {
    expect(java.memberFiles('class Main {}', 'passk_m3')).toEqual({
      'passk_m3/Main.java': 'class Main {}',
      'passk_m3/PasskLauncher.java': 'launcher',
      'passk_m3/sources': 'Main.java\nPasskLauncher.java\n',
    });
  });

  it("runs a member from its own classes, with the program's argv otherwise", () => {
    const batches = new Batches(java, ['python3'], 'v1');
    batches.prepare(programs, 1);
    const step = batches.step(programs[2]!, limits, run)!;
    expect(step.member).toBe('passk_m2');
    expect(step.run).toEqual({
      argv: ['java', '-cp', '{artifacts}/classes/passk_m2:/lib.jar', 'PasskLauncher'],
    });
    const spec = JSON.parse(step.files['batch.json']!);
    expect(spec).toMatchObject({ partial: true, mainFile: 'members.txt', item: '{m}\n' });
    expect(spec.argv).toEqual([
      'java',
      '-cp',
      '{cache}/tool',
      'PasskBatchCompiler',
      'javac',
      '15000',
      '-encoding',
      'UTF-8',
    ]);
  });

  it('leaves the Rust and Go batch specs as they were (no `partial`)', () => {
    const batches = new Batches(rustBatch(['rustc'], ''), ['python3'], 'v1');
    const sources = [1, 2, 3, 4].map((n) => `fn main() {\n    assert_eq!(${n}, ${n});\n}\n`);
    batches.prepare(sources, 1);
    const step = batches.step(sources[0]!, limits, { argv: ['{artifacts}/program'] })!;
    expect(JSON.parse(step.files['batch.json']!)).not.toHaveProperty('partial');
    expect(step.run.env).toEqual({ PASSK_MEMBER: 'passk_m0' });
  });

  it('batches two programs (only the compiler JVM is shared), not one', () => {
    const two = new Batches(java, ['python3'], 'v1');
    two.prepare(programs.slice(0, 2), 1);
    expect(two.step(programs[1]!, limits, run)?.member).toBe('passk_m1');
    const one = new Batches(java, ['python3'], 'v1');
    one.prepare(programs.slice(0, 1), 1);
    expect(one.step(programs[0]!, limits, run)).toBeUndefined();
  });

  it('compiles every program alone with PASSK_COMPILE_BATCH=0', () => {
    process.env['PASSK_COMPILE_BATCH'] = '0';
    try {
      const batches = new Batches(java, ['python3'], 'v1');
      batches.prepare(programs, 1);
      expect(batches.step(programs[0]!, limits, run)).toBeUndefined();
    } finally {
      delete process.env['PASSK_COMPILE_BATCH'];
    }
  });
});

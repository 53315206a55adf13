import { describe, expect, it } from 'vitest';
import { checkFiles } from '../../execution/languages/kit/harness-files.test-helpers.js';
import { SCALAC } from '../../execution/languages/scala/scalac.test-helpers.js';
import { SCALA_213_SHIM } from './scala.js';

describe('McEval harness files', () => {
  it('scala213_compat.scala gives 2.11 collections addOne/addAll (scalac -Xfatal-warnings)', async () => {
    const program = [
      'object Solution {',
      '  def f(): List[Int] = {',
      '    val buffer = scala.collection.mutable.ListBuffer[Int]()',
      '    buffer.addOne(1)',
      '    buffer.addAll(scala.collection.mutable.Set(2))',
      '    buffer.toList',
      '  }',
      '}',
    ].join('\n');
    await checkFiles({ 'program.scala': `${SCALA_213_SHIM}${program}\n` }, [
      ...SCALAC,
      'program.scala',
    ]);
    expect(SCALA_213_SHIM).toMatch(/^object McevalScala213 \{/);
  }, 180_000);
});

import { describe, expect, it } from 'vitest';
import { mcevalScalaCode } from './extract-scala.js';

const row = { prompt: 'object Solution {\n  def twice(x: Int): Int =', entryPoint: 'twice' };

describe("McEval's Scala extraction", () => {
  it("hoists imports, puts the prompt in place of the def's line, drops prints and asserts", () => {
    const reply = [
      'Sure.',
      '```scala',
      'import scala.math._',
      'object Solution {',
      '  def twice(x: Int): Int = {',
      '    println(x)',
      '    2 * x',
      '  }',
      '  def main(args: Array[String]): Unit = {',
      '    assert(twice(2) == 4)',
      '  }',
      '}',
      '```',
    ].join('\n');
    // Balanced braces: the last `}` goes, so that the row's test closes the object.
    expect(mcevalScalaCode(reply, row)).toBe(
      'import scala.math._\n\nobject Solution {\n  def twice(x: Int): Int ={\n    2 * x\n  }\n  def main(args: Array[String]): Unit = {\n  }\n',
    );
  });

  it('drops a test object to the last `}`, keeping the braces of an unbalanced answer', () => {
    const reply =
      '```scala\ndef twice(x: Int): Int = {\n  2 * x\n}\n\nobject TwiceTest {\n  def main(a: Array[String]) = { check(twice) }\n}\n```';
    expect(mcevalScalaCode(reply, row)).toBe(
      '\n\nobject Solution {\n  def twice(x: Int): Int ={\n  2 * x\n}',
    );
  });

  it("loses a body on the def's own line, as McEval does", () => {
    expect(mcevalScalaCode('def twice(x: Int): Int = 2 * x\nThat is all.', row)).toBe(
      '\n\nobject Solution {\n  def twice(x: Int): Int =\n',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { csharpMainClass } from '../csharp/csharp.js';
import { scalaMainObject } from '../scala/scala.js';
import { javaClasses } from './java.js';

/** MultiPL-E's Java layout: the candidate's body, then the tests' `main` in the same class. */
const multiplE = (body: string) =>
  `import java.util.*;\nclass Problem {\n    public static long add(long x, long y) {${body}\n    }\n    public static void main(String[] args) {\n    if (!((add((0l), (1l)) == (1l)))) throw new java.lang.AssertionError();\n    }\n\n}\n`;

describe("the type whose main a launcher calls (the tests', the last)", () => {
  it('Java: the usual layouts', () => {
    expect(javaClasses(multiplE(' return x + y;')).main).toBe('Problem');
    const humanevalX =
      'class Solution {\n  public int f() { return 1; }\n}\npublic class Main {\n  public static void main(String[] args) { String s = "}{ class Fake {"; }\n}\n';
    expect(javaClasses(humanevalX)).toEqual({ main: 'Main', file: 'Main.java' });
  });

  it('Java: a decoy main the candidate declares before the tests is not called (redteam)', () => {
    const zed =
      ' return x - y; } } class Zed { public static void main(String[] a) { } } class Problem2 { public static long add(long x, long y) { return x - y;';
    expect(javaClasses(multiplE(zed)).main).toBe('Problem2');
    const iface =
      ' return x - y; } } class Zed { public static void main(String[] a) { } } interface Problem2 { static long add(long x, long y) { return x - y;';
    expect(javaClasses(multiplE(iface)).main).toBe('Problem2');
    const nested =
      ' return x - y; } static class Zed { public static void main(String[] a) { } } static long unused() { return 0;';
    expect(javaClasses(multiplE(nested)).main).toBe('Problem');
    // Tests inside a nested type are called through their outer type.
    const inner =
      ' return x - y; } } class Zed { public static void main(String[] a) { } } class Outer { static class Inner { static long add(long x, long y) { return x - y;';
    expect(javaClasses(`${multiplE(inner)}}\n`).main).toBe('Outer.Inner');
  });
});

describe('C# and Scala: the decoy too (redteam)', () => {
  it('C#: the class enclosing the last Main', () => {
    const source =
      'class Problem {\n  static long Add(long x, long y) { return x - y; } } class Zed { public static void Main(string[] a) { } } class Problem2 { static long Add(long x, long y) { return x - y;\n  }\n  public static void Main(string[] args) { }\n}\n';
    expect(csharpMainClass(source)).toBe('Problem2');
  });
  it('Scala: the object enclosing the last main', () => {
    const source =
      'object Problem {\n  def add(x: Long, y: Long): Long = { return x - y }; }; object Zed { def main(a: Array[String]) = { } }; object Problem2 { def add(x: Long, y: Long): Long = { return x - y\n  }\n  def main(args: Array[String]) = { }\n}\n';
    expect(scalaMainObject(source)).toBe('Problem2');
  });
});

import { describe, expect, it } from 'vitest';
import { csharpMainClass } from '../csharp/csharp.js';
import { scalaMainObject } from './scala.js';

describe('the class a launcher calls', () => {
  it("Scala: the object that declares main, comments' prose ignored", () => {
    const source =
      '// the object Helper\nobject Helper { def f() = 1 }\nobject Problem {\n  /* object Fake */\n  def main(args: Array[String]) = {}\n}\n';
    expect(scalaMainObject(source)).toBe('Problem');
  });
  it('C#: the class that declares static void Main', () => {
    const source =
      'class Helper { }\nclass Problem {\n  // class Fake\n  public static void Main(string[] args) { }\n}\n';
    expect(csharpMainClass(source)).toBe('Problem');
  });
});

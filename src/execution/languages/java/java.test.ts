import { describe, expect, it } from 'vitest';
import { javaClasses } from './java.js';

describe('javaClasses', () => {
  it("finds HumanEval-X's public Main after the Solution class", () => {
    const source =
      'class Solution {\n  int f() { return 1; }\n}\npublic class Main {\n  public static void main(String[] args) {}\n}\n';
    expect(javaClasses(source)).toEqual({ main: 'Main', file: 'Main.java' });
  });

  it("finds MultiPL-E's package-private Problem class", () => {
    const source =
      'import java.util.*;\nclass Problem {\n    public static long f() { return 1l; }\n    public static void main(String[] args) {\n    }\n}\n';
    expect(javaClasses(source)).toEqual({ main: 'Problem', file: 'Problem.java' });
  });

  it('ignores the word "class" in comments', () => {
    const source =
      'class Problem {\n    // given "Slices" as the class and an array list of the\n    public static void main(String[] args) {\n    }\n}\n';
    expect(javaClasses(source)).toEqual({ main: 'Problem', file: 'Problem.java' });
  });
});

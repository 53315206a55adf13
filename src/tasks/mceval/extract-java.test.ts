import { describe, expect, it } from 'vitest';
import { mcevalJavaCode } from './extract-java.js';

const row = {
  prompt: 'class Solution {\n    public static int f(int a)',
  entryPoint: 'f',
};

describe("McEval's Java extraction", () => {
  it('puts the fenced code from its first `{` after the prompt, without its class and main', () => {
    const reply = [
      'Here:',
      '```java',
      'import java.util.*;',
      'public class Solution {',
      '    public static int f(int a) {',
      '        return a + 1;',
      '    }',
      '    public static void main(String[] args) {',
      '        System.out.println(f(1));',
      '    }',
      '}',
      '```',
      'Done.',
    ].join('\n');
    expect(mcevalJavaCode(reply, row)).toBe(
      'import java.util.*;\nclass Solution {\n    public static int f(int a)\n{\n        return a + 1;\n    }',
    );
  });

  it('closes all the braces it leaves open but the class, which the tests close', () => {
    const reply = '```java\npublic static int f(int a) {\n    if (a > 0) {\n        return a;\n```';
    expect(mcevalJavaCode(reply, row)).toBe(
      '\nclass Solution {\n    public static int f(int a)\n{\n    if (a > 0) {\n        return a;\n}\n}',
    );
  });

  it('without a fence: from the line naming the entry point to the end', () => {
    const text = 'The answer is\n  static int f(int a) { return 2; }';
    expect(mcevalJavaCode(text, row)).toBe(
      '\nclass Solution {\n    public static int f(int a)\n{ return 2;\n}',
    );
  });

  it('code without a `{` is an empty program', () => {
    expect(mcevalJavaCode('```java\nint f(int a);\n```', row)).toBe('');
  });
});

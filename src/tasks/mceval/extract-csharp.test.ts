import { describe, expect, it } from 'vitest';
import { mcevalCsharpCode } from './extract-csharp.js';

const row = {
  prompt: 'using System;\nclass Program\n{\n    static int Twice(int x)',
  entryPoint: 'Twice',
};

describe("McEval's C# extraction", () => {
  it('puts the fenced code from its first `{` after the prompt, without its class and Main', () => {
    const reply = [
      '```csharp',
      'using System.Linq;',
      'public class Program {',
      '    static int Twice(int x) {',
      '        return 2 * x;',
      '    }',
      '    static void Main() {',
      '        Console.WriteLine(Twice(2));',
      '    }',
      '}',
      '```',
    ].join('\n');
    expect(mcevalCsharpCode(reply, row)).toBe(
      'using System.Linq;\nusing System;\nclass Program\n{\n    static int Twice(int x)\n{\n        return 2 * x;\n    }',
    );
  });

  it('drops the braces that close nothing, then closes what is open but the class', () => {
    const reply = '```csharp\nstatic int Twice(int x) { if (x > 0) { return x; } } }\n}\n```';
    expect(mcevalCsharpCode(reply, row)).toBe(
      '\nusing System;\nclass Program\n{\n    static int Twice(int x)\n{ if (x > 0) { return x; } }',
    );
  });

  it('code without a `{` is an empty program', () => {
    expect(mcevalCsharpCode('```csharp\nint Twice(int x) => 2 * x;\n```', row)).toBe('');
  });
});

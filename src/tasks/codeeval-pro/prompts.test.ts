import { describe, expect, it } from 'vitest';
import { proChatCode, proChatPrompt, proCompletionPrompt, proSanitize } from './prompts.js';

const raw = 'def f(x):\n    """Base."""\n';
const next = '# Uses f.\ndef g(xs):\n';

describe("CodeEval-Pro's prompts", () => {
  it('completion: PROMPT_WRAPPER with the base problem opened as the response prefix', () => {
    expect(proCompletionPrompt(raw, next)).toBe(
      'You are an exceptionally intelligent coding assistant that consistently delivers accurate and reliable responses to user instructions.\n' +
        '@@ Instruction\n' +
        'Write a solution of python file to the following problems, the solution of the second problem requires single or multiple calls to the first solution.\n' +
        '```python\ndef f(x):\n    """Base."""\n# Uses f.\ndef g(xs):\n```\n\n' +
        '@@ Response\n```python\ndef f(x):\n    """Base."""\n',
    );
  });

  it('chat: PROMPT_WRAPPER_API (no response prefix)', () => {
    expect(proChatPrompt(raw, next)).toMatch(
      /^\n@@ Instruction\nWrite a solution.*\n```\n@@ Response\n$/s,
    );
  });

  it('chat replies: the code after the first python fence, up to the next fence', () => {
    expect(proChatCode('a\n```python\nx = 1\n```\n```python\ny\n```')).toBe('\nx = 1\n');
    expect(proChatCode('x = 2')).toBe('x = 2');
  });

  it("santize.py: __main__ first, then '# Test', then '# Example ' (with its space)", () => {
    expect(proSanitize('a\n# Test\nb\nif __name__ == 1:\n')).toBe('a\n# Test\nb\n');
    expect(proSanitize('a\n# Test\nb')).toBe('a\n');
    expect(proSanitize('a\n# Example usage\nb')).toBe('a\n');
    expect(proSanitize('a\n# Example\nb')).toBe('a\n# Example\nb');
  });
});

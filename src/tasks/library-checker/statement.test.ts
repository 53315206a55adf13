import { describe, expect, it } from 'vitest';
import { formatParam, renderStatement } from './statement.js';

describe('renderStatement', () => {
  const markdown = [
    '## @{keyword.statement}',
    '@{lang.en}',
    'Print $A + B$ for $A \\leq @{param.A_MAX}$.',
    '@{lang.ja}',
    '日本語',
    '@{lang.end}',
    '## @{keyword.sample}',
    '@{example.example_00}',
    '@{example.example_09}',
  ].join('\n');

  it("keeps the English text, fills params and shows each example's input and answer", () => {
    const text = renderStatement(
      markdown,
      { A_MAX: 1000000000 },
      new Map([['example_00', { input: '1 2\n', output: '3\n' }]]),
    );
    expect(text).toContain('## Problem Statement');
    expect(text).toContain('Print $A + B$ for $A \\leq 10^{9}$.');
    expect(text).not.toContain('日本語');
    expect(text).not.toContain('@{lang');
    expect(text).toContain('Input\n\n```\n1 2\n```\n\nOutput\n\n```\n3\n```');
    // An example the tests do not have stays as written (visible, not silently dropped).
    expect(text).toContain('@{example.example_09}');
  });
});

describe('formatParam', () => {
  it.each([
    [1000000000, '10^{9}'],
    [200000, '2 \\times 10^{5}'],
    [1000, '1000'],
    [998244353, '998244353'],
    [123456789012345678901234567890n, '123456789012345678901234567890'],
    [10n ** 18n, '10^{18}'],
    [0.5, '0.5'],
    ['abc', 'abc'],
  ])('%s → %s', (value, shown) => {
    expect(formatParam(value)).toBe(shown);
  });
});

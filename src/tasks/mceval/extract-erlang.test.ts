import { describe, expect, it } from 'vitest';
import { mcevalErlangCode } from './extract-erlang.js';

const PROMPT = '-module(m).\n-export([f/1, test/0]).\n\n% Doubles.\nf(X) ->';

// Expected values: McEval's own extract_erlang_code on the same texts (run with python3), less
// the row's test it appends.
describe("McEval's Erlang extraction", () => {
  it("from the fenced block's `<entry point> … ->`, under the prompt's module and export lines", () => {
    const reply =
      'Here:\n```erlang\n-module(x).\n-export([f/1]).\nf(X) ->\n  2 * X.\n\ntest() -> ok.\n```';
    expect(mcevalErlangCode(reply, PROMPT, 'f')).toBe(
      '-module(m).\n-export([f/1, test/0]).\n\nf(X) ->\n  2 * X.\n\n',
    );
  });

  it('without a fence: the entry point up to its `->` only; no entry point: the fenced block', () => {
    expect(mcevalErlangCode('So f(X) -> 2 * X.', PROMPT, 'f')).toBe(
      '-module(m).\n-export([f/1, test/0]).\n\nf(X) ->',
    );
    expect(mcevalErlangCode('```\ng() -> 1.\n```', PROMPT, 'f')).toBe('\ng() -> 1.\n');
  });
});

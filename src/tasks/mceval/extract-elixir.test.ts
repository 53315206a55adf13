import { describe, expect, it } from 'vitest';
import { mcevalElixirCode } from './extract-elixir.js';

const PROMPT = 'defmodule M do\ndef f(x) do\n# Doubles.';

// Expected values: McEval's own extract_elixir_code on the same texts (run with python3), less
// the blank line and row's test it appends.
describe("McEval's Elixir extraction", () => {
  it('from `def <entry point>` in the fence, IO calls and the test module dropped', () => {
    const reply =
      '```elixir\ndefmodule M do\n  def f(x) do\n    IO.puts("hi")\n    2 * x\n  end\nend\n\ndefmodule MTest do\n  use ExUnit.Case\nend\n```';
    expect(mcevalElixirCode(reply, PROMPT, 'f')).toBe(
      'defmodule M do\ndef f(x) do    2 * x\n  end\nend\n\n\n\n',
    );
  });

  it('without a defmodule in the text the module is closed; no def: the fenced block', () => {
    expect(mcevalElixirCode('def f(x), do: 2 * x\nend and more', PROMPT, 'f')).toBe(
      'defmodule M do\ndef f(x), do: 2 * x\nend\nend\n',
    );
    expect(mcevalElixirCode('```\nx = 1\n```', PROMPT, 'f')).toBe(
      'defmodule M do\n\nx = 1\n\nend\n',
    );
  });
});

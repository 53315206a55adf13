import { describe, expect, it } from 'vitest';
import { mcevalHaskellCode } from './extract-haskell.js';

// Expected values: McEval's own extract_haskell_code on the same texts (run with python3), less
// the row's test it appends.
describe("McEval's Haskell extraction", () => {
  it('the fenced block holding `<entry point> ::`, cut at its `main :: IO ()`', () => {
    const reply =
      'Sure:\n```haskell\nimport Data.List\n\nf :: Int -> Int\nf x = 2 * x\n\nmain :: IO ()\nmain = print (f 2)\n```';
    expect(mcevalHaskellCode(reply, 'f')).toBe(
      'import Data.List\n\nf :: Int -> Int\nf x = 2 * x\n\n',
    );
  });

  it('without a fence: up to a blank line and a letter; no signature: the fenced block', () => {
    expect(mcevalHaskellCode('f :: Int -> Int\nf x = 2 * x\n\nThis doubles.', 'f')).toBe(
      'f :: Int -> Int\nf x = 2 * x',
    );
    expect(mcevalHaskellCode('```\ng = 1\n```', 'f')).toBe('g = 1\n');
  });
});

import { describe, expect, it } from 'vitest';
import { mcevalJsCandidate } from './extract-js.js';
import { mcevalLuaCandidate } from './extract-lua.js';
import { mcevalPerlCode } from './extract-perl.js';
import { mcevalPhpCandidate } from './extract-php.js';
import { mcevalRCandidate } from './extract-r.js';
import { mcevalRacketCode, mcevalSchemeCode } from './extract-racket.js';
import { mcevalRubyCandidate } from './extract-ruby.js';
import { mcevalShellCode } from './extract-shell.js';

// Expected values: McEval's own extract_<lang>_code (eval/extract/ @ 09dec12) on the same texts,
// run with python3; each is McEval's whole program, so the test `T` follows as McEval puts it.
// (Checked beyond these: 2,500 replies built from every row of the ten languages, all equal.)
describe("McEval's JavaScript and TypeScript extraction", () => {
  const row = { prompt: '// doc\nfunction f(a)', signature: 'function f(a)' };

  it('the prompt without its signature, then the fenced code without logs and check functions', () => {
    const reply =
      'Here:\n```js\nfunction f(a) {\n  console.log(a);\n  return a;\n}\nfunction check() {\n  console.assert(f(1) === 1);\n}\ncheck();\n```\nok';
    expect(`${mcevalJsCandidate(reply, row, 'javascript')}\nT`).toBe(
      '// doc\n\nfunction f(a) {\n  \n  return a;\n}\nT',
    );
  });

  it('TypeScript: the same with its own fence names; every copy of the signature leaves the prompt', () => {
    const reply = '```ts\nfunction f(a: number): number { console.log(a); return a; }\n```';
    expect(
      mcevalJsCandidate(reply, { ...row, prompt: '// doc\nfunction f(a)\n' }, 'typescript'),
    ).toBe('// doc\n\n\nfunction f(a: number): number {  return a; }');
  });
});

describe("McEval's Lua extraction", () => {
  const row = { prompt: '-- doc\nfunction f(a)', signature: 'function f(a)', entryPoint: 'f' };

  it('the first ```lua block; a print ending its line is dropped, the last one (no newline) kept', () => {
    const reply = '```lua\nfunction f(a)\n  print(a)\n  return a\nend\nprint(f(1))\n```';
    expect(mcevalLuaCandidate(reply, row)).toBe(
      '-- doc\n\nfunction f(a)\n    return a\nend\nprint(f(1))',
    );
  });

  it('no fence: `function <entry point>` to the last `end`, `--[[ ]]--` comments dropped', () => {
    const text = 'text function f(a)\n  return a --[[ x ]]--\nend\nmore';
    expect(mcevalLuaCandidate(text, row)).toBe('-- doc\nfunction f(a)\n  return a \nend');
  });
});

describe("McEval's PHP extraction", () => {
  const row = { prompt: '<?php\nfunction f($a)', entryPoint: 'f' };

  it('the declaration line becomes the prompt (with its `{`); echo lines, checks and `?>` go', () => {
    const reply =
      '```php\n<?php\nfunction f($a) {\n    echo $a;\n    return $a;\n}\nfunction check() { assert(f(1) == 1); }\ncheck();\n?>\n```';
    expect(`${mcevalPhpCandidate(reply, row)}\nT`).toBe(
      '<?php\nfunction f($a){\n\n    return $a;\n}\n\nT',
    );
  });

  it('no declaration: Python slicing at -1 repeats all lines but the last after the prompt', () => {
    expect(`${mcevalPhpCandidate('line1\nline2 no code', row)}\nT`).toBe(
      '<?php\nfunction f($a)\nline1\nline1\nline2 no code\nT',
    );
  });
});

describe("McEval's Ruby extraction", () => {
  const row = { prompt: '# doc\ndef f(a)', entryPoint: 'f' };

  it('the def line becomes the prompt; puts lines and any line holding `check` go', () => {
    const reply = '```ruby\ndef f(a)\n  puts a\n  a\nend\ncheck_me = 1\n```';
    expect(`${mcevalRubyCandidate(reply, row)}\nT`).toBe('\n\n# doc\ndef f(a)\n  a\nend\nT');
  });

  it("CRLF replies as Python's `.` reads them: a CR is part of a line, not its end", () => {
    const reply = '```ruby\r\ndef f(a)\r\n  check(a)\r\n  a\r\nend\r\nimport y\r\n```';
    expect(`${mcevalRubyCandidate(reply, { prompt: 'def f(a)', entryPoint: 'f' })}\nT`).toBe(
      'import y\r\n\ndef f(a)\nend\n\nT',
    );
  });

  it('no `def` anywhere: no code (McEval returns None)', () => {
    expect(mcevalRubyCandidate('Nothing', row)).toBeUndefined();
  });
});

describe("McEval's R extraction", () => {
  it('comments and print lines go; the function line becomes the prompt with its `{`', () => {
    const reply = '```r\nf <- function(a) {\n  # comment\n  print(a)\n  a\n}\n```';
    expect(
      `${mcevalRCandidate(reply, { prompt: '# doc\nf <- function(a)', entryPoint: 'f' })}\nT`,
    ).toBe('\n\n# doc\nf <- function(a){\n  a\n}\nT');
  });
});

describe("McEval's R extraction with CRLF", () => {
  it('a comment runs to the LF, its CR with it', () => {
    const reply = 'f <- function(a) {\r\n  # note\r\n  a\r\n}';
    expect(`${mcevalRCandidate(reply, { prompt: 'f <- function(a)', entryPoint: 'f' })}\nT`).toBe(
      '\n\nf <- function(a){\n  a\r\n}\nT',
    );
  });
});

describe("McEval's Perl extraction", () => {
  it('a fence through `sub <entry point>`, its check sub and check call dropped', () => {
    const reply =
      '```perl\nuse strict;\nsub f {\n  return 1;\n}\nsub check { die unless f(); }\ncheck(\\&f);\n```';
    expect(`${mcevalPerlCode(reply, 'f')}\n\nT`).toBe(
      '\nuse strict;\nsub f {\n  return 1;\n}\n\n\n\nT',
    );
  });

  it('no fence: to the first blank line followed by a letter', () => {
    expect(mcevalPerlCode('sub f {\n  return 1;\n}\n\nExplanation.', 'f')).toBe(
      'sub f {\n  return 1;\n}',
    );
  });
});

describe("McEval's Racket and Scheme extraction", () => {
  it('Racket: the header added, `(module+ test …)` dropped', () => {
    const reply = '```racket\n(define (f x)\n  x)\n(module+ test\n  (check-equal? (f 1) 1)\n)\n```';
    expect(mcevalRacketCode(reply, 'f')).toBe(
      '#lang racket\n(require rackunit)\n\n(define (f x)\n  x)\n\n',
    );
  });

  it('Racket: `#lang racket` to the blank line gets rackunit; an unclosed fence runs to the end', () => {
    expect(mcevalRacketCode('#lang racket\n(define (f x) x)\n\nmore', 'f')).toBe(
      '#lang racket\n(require rackunit)\n\n(define (f x) x)',
    );
    expect(mcevalRacketCode('```racket\n(f 1)\n', 'f')).toBe(
      '#lang racket\n(require rackunit)\n\n(f 1)',
    );
  });

  it('Scheme: the header added and a `)` on its own line for each one left open', () => {
    expect(mcevalSchemeCode('```scheme\n(define (f x)\n  (+ x 1\n```', 'f')).toBe(
      '#lang racket\n(require rackunit)\n\n(define (f x)\n  (+ x 1\n\n)\n)',
    );
  });
});

describe("McEval's Shell extraction", () => {
  it('the rest of a ```sh fence name dropped; no fence: to a blank line, a letter and `}`', () => {
    expect(mcevalShellCode('```sh\nf() {\n  echo 1\n}\n```', 'f')).toBe('f() {\n  echo 1\n}\n\n');
    expect(mcevalShellCode('f() {\n  echo 1\n}\n\nx}', 'f')).toBe('f() {\n  echo 1\n}\n');
  });
});

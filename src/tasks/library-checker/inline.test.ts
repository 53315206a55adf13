import { describe, expect, it } from 'vitest';
import { inlineIncludes, paramsHeader } from './inline.js';

describe('inlineIncludes', () => {
  const files: Record<string, string> = {
    'cat/p/sol/correct.cpp':
      '#include <cstdio>\n#include "../base.hpp"\n#include "fastio.h"\n#include "../params.h"\nint main() {}\n',
    'cat/p/base.hpp': '#pragma once\n#include "fastio.h"\nint base;\n',
    'common/fastio.h': 'int fast;\n',
    'cat/p/sol/f.cpp': '#include "fastio.h"\nint solve() {}\n',
    'cat/p/grader/grader.cpp': '#include "fastio.h"\n#include "solve.hpp"\nint main() {}\n',
    'cat/p/grader/solve.hpp': 'int solve();',
  };
  const read = (path: string) => files[path];

  it('inlines local and common headers once each, and params.h from [params]', () => {
    const text = inlineIncludes('cat/p/sol/correct.cpp', read, { N_MAX: 5, NAME: 'x' });
    expect(text).toBe(
      '#include <cstdio>\n#pragma once\nint fast;\n\nint base;\n\n\n#define N_MAX (long long)5\n#define NAME "x"\nint main() {}\n',
    );
  });

  it('makes one program of several files, each header inlined once', () => {
    const text = inlineIncludes(['cat/p/sol/f.cpp', 'cat/p/grader/grader.cpp'], read, {});
    expect(text).toBe('int fast;\n\nint solve() {}\n\n\nint solve();\nint main() {}\n');
  });

  it('leaves an include it cannot find for the compiler to report', () => {
    expect(
      inlineIncludes(
        'cat/p/sol/correct.cpp',
        (p) => (p.endsWith('.cpp') ? '#include "gone.h"\n' : undefined),
        {},
      ),
    ).toBe('#include "gone.h"\n');
  });

  it('writes params.h as generate.py does', () => {
    expect(paramsHeader({ A: 10, B: 0.25, C: 'text' })).toBe(
      '#define A (long long)10\n#define B 0.25\n#define C "text"',
    );
  });
});

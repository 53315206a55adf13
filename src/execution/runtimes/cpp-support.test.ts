import { describe, expect, it } from 'vitest';
import { leadingIncludes } from './cpp-support.js';

describe('leadingIncludes (the block a precompiled header may stand for)', () => {
  it('takes the system includes at the very top, blank lines between them allowed', () => {
    const source =
      '#include<stdio.h>\n\n#include <vector>\nusing namespace std;\n#include<string>\n';
    expect(leadingIncludes(source)).toBe('#include <stdio.h>\n#include <vector>');
  });

  it('stops at anything else: a macro or a local header before the includes changes their meaning', () => {
    expect(leadingIncludes('#define int long long\n#include<vector>\n')).toBeUndefined();
    expect(leadingIncludes('#include "mine.h"\n#include<vector>\n')).toBeUndefined();
    expect(leadingIncludes('// a comment\n#include<vector>\n')).toBeUndefined();
    expect(leadingIncludes('#include<vector>\n#include "mine.h"\n')).toBe('#include <vector>');
  });

  it('refuses header names that climb out of the include path', () => {
    expect(leadingIncludes('#include <../../etc/passwd>\n')).toBeUndefined();
    expect(leadingIncludes('#include <bits/stdc++.h>\n')).toBe('#include <bits/stdc++.h>');
  });
});

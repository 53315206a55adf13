import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCppSupport, leadingIncludes } from './cpp-support.js';

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

  it('refuses header names that climb out of the include path or name a host path', () => {
    expect(leadingIncludes('#include <../../etc/passwd>\n')).toBeUndefined();
    expect(leadingIncludes('#include </etc/shadow>\n#include <vector>\n')).toBeUndefined();
    expect(leadingIncludes('#include </dev/zero>\n')).toBeUndefined();
    expect(leadingIncludes('#include <vector>\n#include </dev/stdin>\n')).toBe('#include <vector>');
    expect(leadingIncludes('#include <bits/stdc++.h>\n')).toBe('#include <bits/stdc++.h>');
  });
});

describe('ensureCppSupport: what the host compiles from the blocks programs share', () => {
  const FLAGS = ['-std=c++17'];
  const SECRET = `passk_secret_${process.pid}_${Date.now()}`;
  let host: string;
  let outside: string;

  beforeAll(() => {
    host = mkdtempSync(join(tmpdir(), 'passk-cpp-support-'));
    outside = mkdtempSync(join(tmpdir(), 'passk-cpp-support-host-'));
    // Valid C++ readable by root only: a host build of it would succeed and keep its text.
    writeFileSync(join(outside, 'secret.h'), `const char *s = "${SECRET}";\n`, { mode: 0o600 });
    execFileSync('/usr/bin/mkfifo', [join(outside, 'fifo.h')]);
  });
  afterAll(() => {
    rmSync(host, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  /** Eight programs (enough to be worth a precompiled header) starting with `block`. */
  const shared = (block: string) => Array.from({ length: 8 }, (_, i) => `${block}\n// ${i}\n`);
  const ensure = (sources: string[]) =>
    ensureCppSupport(host, '{cache}', 'test', FLAGS, 'int passk_wrapper;\n', sources);

  it('precompiles a block of system headers, and no block naming a host file, FIFO or device', async () => {
    const sources = [
      ...shared('#include <vector>'),
      ...shared(`#include <${join(outside, 'secret.h')}>`),
      ...shared(`#include <${join(outside, 'fifo.h')}>`),
      ...shared('#include </dev/zero>'),
      ...shared('#include </dev/stdin>'),
      ...shared('#include </etc/shadow>'),
      ...shared('#include <../../../../etc/shadow>'),
    ];
    const support = await ensure(sources);
    expect([...(support?.headers.keys() ?? [])]).toEqual(['#include <vector>']);
    const files = readdirSync(host, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    const headers = files.filter((e) => e.name === 'h.h');
    expect(headers.map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))).toEqual([
      '#include <vector>\n',
    ]);
    for (const entry of files) {
      expect(readFileSync(join(entry.parentPath, entry.name)).includes(SECRET)).toBe(false);
    }
  }, 60_000);

  it('deletes a precompiled header an older passk made of a block that is not system headers', async () => {
    const [root] = readdirSync(join(host, 'cpp-support')).map((d) => join(host, 'cpp-support', d));
    const foreign = join(root!, 'pch-0123456789abcdef');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'h.h'), '#include </etc/shadow>\n');
    writeFileSync(join(foreign, 'h.h.gch'), 'root:secret');
    await ensure(shared('#include <vector>'));
    expect(existsSync(foreign)).toBe(false);
    expect(readdirSync(root!).filter((d) => d.startsWith('pch-'))).toHaveLength(1);
  }, 60_000);
});

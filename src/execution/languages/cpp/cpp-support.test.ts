import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evictOldestHeaders } from '../../artifact-cleanup.js';
import { harnessFile } from '../kit/harness-template.js';
import { ensureCppSupport, leadingIncludes, PCH_BOUND } from './cpp-support.js';

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

describe('the precompiled headers’ bound', () => {
  let host: string;
  beforeAll(() => {
    host = mkdtempSync(join(tmpdir(), 'passk-cpp-pch-bound-'));
  });
  afterAll(() => rmSync(host, { recursive: true, force: true }));

  /** `names` as precompiled headers of system headers, the first the least recently used. */
  function headers(root: string, names: string[], bytes = 1024): void {
    names.forEach((name, i) => {
      const dir = join(root, name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'h.h'), '#include <vector>\n');
      writeFileSync(join(dir, 'h.h.gch'), Buffer.alloc(bytes));
      const used = new Date(Date.now() - (names.length - i) * 3_600_000);
      for (const path of [join(dir, 'h.h'), join(dir, 'h.h.gch'), dir])
        utimesSync(path, used, used);
    });
  }
  const pchs = (root: string) => readdirSync(root).filter((d) => d.startsWith('pch-'));
  const shared = (block: string) => Array.from({ length: 8 }, (_, i) => `${block}\n// ${i}\n`);

  it('full, it evicts the least recently used to precompile a new block', async () => {
    const ensure = (sources: string[]) =>
      ensureCppSupport(host, '{cache}', 'test', ['-std=c++17'], 'int passk_wrapper;\n', sources);
    await ensure([]);
    const [root] = readdirSync(join(host, 'cpp-support')).map((d) => join(host, 'cpp-support', d));
    const names = Array.from({ length: PCH_BOUND.count }, (_, i) => `pch-old${i}`);
    headers(root!, names);
    const support = await ensure(shared('#include <cstdio>'));
    expect([...(support?.headers.keys() ?? [])]).toEqual(['#include <cstdio>']);
    expect(pchs(root!)).toHaveLength(PCH_BOUND.count);
    expect(existsSync(join(root!, 'pch-old0'))).toBe(false); // the oldest made room
    expect(existsSync(join(root!, 'pch-old1'))).toBe(true);
  }, 120_000);

  it('above its bytes, the oldest go first, never one the running run uses', async () => {
    const root = join(host, 'bytes');
    mkdirSync(root);
    headers(root, ['pch-a', 'pch-b', 'pch-c', 'pch-d'], 1000);
    const removed = await evictOldestHeaders(root, new Set(['pch-a']), { count: 24, bytes: 2100 });
    expect(removed.map((path) => path.slice(root.length + 1))).toEqual(['pch-b', 'pch-c']);
    expect(pchs(root).sort()).toEqual(['pch-a', 'pch-d']);
  });
});

describe('a precompiled header evicted while a run uses it', () => {
  it('the compile goes on without it (link.sh), the unit including the same headers itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-cpp-evicted-'));
    try {
      writeFileSync(
        join(dir, 'program.cpp'),
        '#include <vector>\nint main() { return std::vector<int>{0}[0]; }\n',
      );
      writeFileSync(
        join(dir, 'passk_main.cpp'),
        'extern "C" int __real_main(int, char **);\nextern "C" int __wrap_main(int c, char **v) { return __real_main(c, v); }\n',
      );
      const script = harnessFile(import.meta.url, 'link.sh');
      const gone = join(dir, 'pch-evicted', 'h.h');
      execFileSync('/bin/sh', ['-c', script, 'sh', gone, '', '', '/usr/bin/g++', '-std=c++17'], {
        cwd: dir,
        stdio: 'pipe',
      });
      expect(existsSync(join(dir, 'program'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

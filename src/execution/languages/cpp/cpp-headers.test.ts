import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerName, includeDirs, systemHeadersOnly } from './cpp-headers.js';

const GXX = ['/usr/bin/g++', '-std=c++17'];
let dirs: string[];
let fake: string;

beforeAll(async () => {
  dirs = await includeDirs(GXX);
  fake = mkdtempSync(join(tmpdir(), 'passk-cpp-headers-'));
});
afterAll(() => rmSync(fake, { recursive: true, force: true }));

describe('headerName: the names a precompiled header may include', () => {
  it('takes plain relative names', () => {
    expect(headerName('#include <vector>')).toBe('vector');
    expect(headerName('#include<bits/stdc++.h>')).toBe('bits/stdc++.h');
    expect(headerName('  #include <sys/types.h>  ')).toBe('sys/types.h');
  });

  it('refuses absolute paths, dot segments, hidden names, quotes and macros', () => {
    for (const line of [
      '#include </etc/shadow>',
      '#include </dev/zero>',
      '#include <../../etc/passwd>',
      '#include <bits/../../../etc/passwd>',
      '#include <./vector>',
      '#include <.hidden>',
      '#include <a//b>',
      '#include "vector"',
      '#include VECTOR',
      '#include <vector> // and more',
    ]) {
      expect(headerName(line), line).toBeUndefined();
    }
  });
});

describe('systemHeadersOnly: every name is found by the compiler as a regular file in /usr', () => {
  it("reads the compiler's own search list", () => {
    expect(dirs).toContain('/usr/include');
    expect(dirs.every((dir) => dir.startsWith('/usr/'))).toBe(true);
  });

  it('accepts blocks of standard and system headers', async () => {
    const block =
      '#include <stdio.h>\n#include <vector>\n#include <bits/stdc++.h>\n#include <sys/types.h>';
    expect(await systemHeadersOnly(block, dirs)).toBe(true);
  });

  it('refuses a block with one name the compiler does not find, or not shaped as a header', async () => {
    expect(await systemHeadersOnly('#include <vector>\n#include <passk_no_such.h>', dirs)).toBe(
      false,
    );
    expect(await systemHeadersOnly('#include <vector>\n#include </etc/hostname>', dirs)).toBe(
      false,
    );
    expect(await systemHeadersOnly('', dirs)).toBe(false);
  });

  it('refuses what a search directory holds that is not a regular file inside /usr', async () => {
    writeFileSync(join(fake, 'plain.h'), 'int x;\n');
    execFileSync('/usr/bin/mkfifo', [join(fake, 'fifo.h')]);
    symlinkSync('/dev/zero', join(fake, 'zero.h'));
    symlinkSync('/usr/include/stdio.h', join(fake, 'usr.h'));
    mkdirSync(join(fake, 'folder.h'));
    for (const name of ['plain.h', 'fifo.h', 'zero.h', 'folder.h']) {
      expect(await systemHeadersOnly(`#include <${name}>`, [fake]), name).toBe(false);
    }
    // A link into /usr is what the compiler would read: a system header.
    expect(await systemHeadersOnly('#include <usr.h>', [fake])).toBe(true);
  });

  it('looks at the first directory that has the name, as the compiler does', async () => {
    const first = join(fake, 'first');
    mkdirSync(first);
    execFileSync('/usr/bin/mkfifo', [join(first, 'vector')]);
    expect(await systemHeadersOnly('#include <vector>', [first, ...dirs])).toBe(false);
  });
});

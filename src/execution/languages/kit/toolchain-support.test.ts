import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInto, hostBuildLimits } from './toolchain-support.js';

const root = mkdtempSync(join(tmpdir(), 'passk-toolchain-support-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('buildInto (a toolchain-support build on the host)', () => {
  it('runs the build under rlimits: CPU, address space, file size, processes, no core', async () => {
    const target = join(root, 'limits');
    const argv = ['/bin/sh', '-c', 'cat /proc/self/limits > {dir}/limits'];
    expect(await buildInto(target, {}, argv)).toBe(true);
    const limits = readFileSync(join(target, 'limits'), 'utf8');
    const expected = hostBuildLimits(120_000);
    expect(limits).toMatch(new RegExp(`Max cpu time\\s+${expected.cpuSeconds}\\s`));
    expect(limits).toMatch(new RegExp(`Max address space\\s+${expected.memoryBytes}\\s`));
    expect(limits).toMatch(new RegExp(`Max file size\\s+${expected.fileBytes}\\s`));
    expect(limits).toMatch(new RegExp(`Max processes\\s+${expected.processes}\\s`));
    expect(limits).toMatch(/Max core file size\s+0\s/);
  });

  it('takes tighter limits from its caller, and a build that passes them leaves nothing', async () => {
    const tight = { ...hostBuildLimits(120_000), fileBytes: 4096 };
    const argv = ['/bin/sh', '-c', 'head -c 100000 /dev/zero > {dir}/big'];
    expect(await buildInto(join(root, 'big'), {}, argv, tight)).toBe(false);
    expect(() => readFileSync(join(root, 'big', 'big'))).toThrow();
  });
});

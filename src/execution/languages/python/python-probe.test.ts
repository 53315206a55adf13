import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { probeInterpreter } from '../kit/worker-host.js';

const dir = mkdtempSync(join(tmpdir(), 'passk-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in interpreter that counts its starts and answers as `executable` (default: itself). */
function fakeInterpreter(
  name: string,
  executable?: string,
): { path: string; starts: () => number } {
  const path = join(dir, name);
  const log = `${path}.starts`;
  writeFileSync(log, '');
  const answer = executable ?? path;
  writeFileSync(path, `#!/bin/sh\necho >> '${log}'\necho '${answer}'\necho '3.11.2'\n`);
  chmodSync(path, 0o755);
  return { path, starts: () => readFileSync(log, 'utf8').length };
}

describe('probeInterpreter', () => {
  it('asks an interpreter named by its own path once, again after the file changed', async () => {
    const python = fakeInterpreter('python-a');
    expect(await probeInterpreter(python.path)).toEqual({
      path: python.path,
      version: 'python 3.11.2',
    });
    await probeInterpreter(python.path);
    expect(python.starts()).toBe(1);
    // A reinstalled interpreter (new file) is asked again.
    writeFileSync(python.path, `${readFileSync(python.path, 'utf8')}# reinstalled\n`);
    await probeInterpreter(python.path);
    expect(python.starts()).toBe(2);
  });

  it('asks a shim, whose answer is another file, every time', async () => {
    const real = fakeInterpreter('python-real');
    const shim = fakeInterpreter('python-shim', real.path);
    expect((await probeInterpreter(shim.path)).path).toBe(real.path);
    await probeInterpreter(shim.path);
    expect(shim.starts()).toBe(2);
  });

  it('follows a symlink to the interpreter itself, and keeps its answer', async () => {
    const real = fakeInterpreter('python-linked');
    const link = join(dir, 'python-link');
    symlinkSync(real.path, link);
    await probeInterpreter(link);
    await probeInterpreter(link);
    expect(real.starts()).toBe(1);
  });

  it('keeps its answer for the next process, until the name leads to another file', async () => {
    const first = fakeInterpreter('python-kept');
    const other = fakeInterpreter('python-other');
    const link = join(dir, 'python-kept-link');
    symlinkSync(first.path, link);
    await probeInterpreter(link);
    // a fresh module: what the next passk process finds (the probe cache, on disk)
    vi.resetModules();
    const again = await import('../kit/worker-host.js');
    expect((await again.probeInterpreter(link)).path).toBe(first.path);
    expect(first.starts()).toBe(1);
    // update-alternatives points the name elsewhere: asked again
    rmSync(link);
    symlinkSync(other.path, link);
    vi.resetModules();
    const later = await import('../kit/worker-host.js');
    expect((await later.probeInterpreter(link)).path).toBe(other.path);
    expect(other.starts()).toBe(1);
  });
});

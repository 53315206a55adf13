import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const setup = resolve(dirname(fileURLToPath(import.meta.url)), '../../scripts/setup.sh');

/** A directory holding a fake `node` that reports `version` (no directory: no node at all). */
function pathWithNode(version: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'passk-fake-node-'));
  if (version !== undefined) {
    writeFileSync(join(dir, 'node'), `#!/bin/sh\necho ${version}\n`);
    chmodSync(join(dir, 'node'), 0o755);
  }
  // Only the fake node's folder: the script's check must not find the machine's real node.
  return dir;
}

function checkNode(version: string | undefined, args = ['--check-node']) {
  const result = spawnSync('/bin/sh', [setup, ...args], {
    env: { PATH: pathWithNode(version) },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('scripts/setup.sh checks Node >= 20 first', () => {
  it('refuses Node 18 (Debian 12) with one line saying how to get Node 20', () => {
    const { status, stderr } = checkNode('v18.19.0');
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('passk needs Node.js >= 20, found node v18.19.0');
    expect(stderr).toContain('NodeSource');
    expect(stderr).toContain('nvm install 20');
  });

  it('refuses before installing anything: --test stops at the check too', () => {
    const { status, stderr, stdout } = checkNode('v18.19.0', ['--test']);
    expect(status).toBe(1);
    expect(stderr).toContain('found node v18.19.0');
    expect(stdout).not.toContain('installed');
  });

  it('says so when there is no node at all', () => {
    const { status, stderr } = checkNode(undefined);
    expect(status).toBe(1);
    expect(stderr).toContain("no working 'node' on PATH");
  });

  it.each(['v20.0.0', 'v22.11.0', 'v100.1.2'])('accepts %s', (version) => {
    const { status, stdout } = checkNode(version);
    expect(status).toBe(0);
    expect(stdout).toContain(`node ${version} is fine`);
  });

  it('does not take v2.0.0 for a version >= 20', () => {
    expect(checkNode('v2.0.0').status).toBe(1);
  });
});

/**
 * Nothing a candidate wrote is compiled on the host (issue 25 point 3). C++ programs of a run
 * that share a leading `#include <…>` block get it precompiled on the host (cpp-support.ts);
 * candidates choose that block. Each hostile block here is shared by enough programs to be
 * precompiled, through the real executor, the real g++ and the real sandbox: none may reach the
 * host compiler (a root-only file would land in the world-readable artifact cache, a FIFO hung
 * the run for good, /dev/zero ate the host's memory), each such program is judged in the sandbox
 * alone, and a correct and a wrong program next to them keep their verdicts.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { ExecJob, Executor, Verdict } from '../../src/execution/types.js';
import { descendants, LIMITS, token } from './helpers.js';

/** As many copies of each block as make it worth precompiling (cpp-support.ts PCH_MIN_USES). */
const COPIES = 8;
const SECRET = token('hostsecret');
/** Compiles only where the included file defines it: the secret file alone does. */
const USES_SECRET = 'int main() { return passk_secret[0] == 0; }\n';
const SYSTEM_BLOCK = '#include <cassert>\n#include <vector>\n';

let artifacts: string;
let hostDir: string;
let executor: Executor;

beforeAll(async () => {
  artifacts = mkdtempSync(join(tmpdir(), 'passk-host-builds-artifacts-'));
  hostDir = mkdtempSync(join(tmpdir(), 'passk-host-builds-'));
  chmodSync(artifacts, 0o755);
  // Valid C++, readable by root only: a host build of it succeeds and keeps its text.
  writeFileSync(join(hostDir, 'secret.h'), `static const char passk_secret[] = "${SECRET}";\n`, {
    mode: 0o600,
  });
  execFileSync('/usr/bin/mkfifo', [join(hostDir, 'fifo.h')]);
  executor = await createExecutor({
    allowCodeExecution: true,
    cacheDir: false,
    artifactsDir: artifacts,
    workers: 2,
  });
}, 60_000);

afterAll(async () => {
  await executor?.close();
  rmSync(artifacts, { recursive: true, force: true });
  rmSync(hostDir, { recursive: true, force: true });
});

/** Hostile include blocks by name (each followed by USES_SECRET). */
function hostileBlocks(dir: string): Record<string, string> {
  return {
    rootOnlyFile: `#include <${join(dir, 'secret.h')}>\n`,
    etcShadow: '#include </etc/shadow>\n',
    fifo: `#include <${join(dir, 'fifo.h')}>\n`,
    devZero: '#include </dev/zero>\n',
    devStdin: '#include </dev/stdin>\n',
    dotDot: '#include <../../../../etc/shadow>\n',
    // Includes itself (the compile's cwd holds program.cpp) until the nesting limit.
    recursive: '#include </proc/self/cwd/program.cpp>\n',
  };
}

/**
 * In the sandbox a /dev/zero include runs the compiler to its 30 s limit (and once more): one
 * such program shows that; the host side of it, with enough copies, is cpp-support.test.ts's.
 */
const COPIES_OF: Record<string, number> = { devZero: 1 };

/** COPIES distinct programs (a comment apart: identical ones would be run once) per source. */
function copies(name: string, source: string, count = COPIES): ExecJob[] {
  const limits = { ...LIMITS, timeoutMs: 10_000, memoryBytes: 2 * 2 ** 30 };
  return Array.from({ length: count }, (_, index) => ({
    id: `${name}-${index}`,
    program: { language: 'cpp' as const, source: `${source}// copy ${index}\n` },
    limits,
  }));
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('C++ include blocks chosen by candidates', () => {
  let verdicts: Map<string, Verdict>;
  const hostile = Object.keys(hostileBlocks(''));

  beforeAll(async () => {
    const jobs = [
      ...copies(
        'correct',
        `${SYSTEM_BLOCK}int main() { assert(std::vector<int>(2).size() == 2); }\n`,
      ),
      ...copies(
        'wrong',
        `${SYSTEM_BLOCK}int main() { assert(std::vector<int>(2).size() == 3); }\n`,
      ),
      ...Object.entries(hostileBlocks(hostDir)).flatMap(([name, block]) =>
        copies(name, `${block}${USES_SECRET}`, COPIES_OF[name]),
      ),
      // Reads every file of the artifact cache it can see, as another program of the run.
      { ...copies('reader', readerProgram())[0]!, id: 'reader' },
    ];
    verdicts = await executor.run(jobs);
  }, 240_000);

  it('leave the verdicts of a correct and a wrong program next to them as they are', () => {
    for (let index = 0; index < COPIES; index++) {
      expect(verdicts.get(`correct-${index}`)?.status).toBe('passed');
      expect(verdicts.get(`wrong-${index}`)?.status).toBe('failed');
    }
  });

  it('are judged in the sandbox alone: each program fails to compile there, none hung', () => {
    for (const name of hostile) {
      for (let index = 0; index < (COPIES_OF[name] ?? COPIES); index++) {
        const verdict = verdicts.get(`${name}-${index}`);
        const seen = `${name}-${index}: ${JSON.stringify(verdict)}`;
        expect(verdict?.status, seen).not.toBe('passed');
        expect(verdict?.errorType, seen).toMatch(/^Compile(Error|Timeout)$/);
      }
    }
  });

  it('are never precompiled on the host: the only header built is the system block', () => {
    const built = filesUnder(artifacts).filter((file) => file.endsWith('/h.h'));
    expect(built.map((file) => readFileSync(file, 'utf8'))).toEqual([SYSTEM_BLOCK]);
  });

  it('leave no byte of a root-only host file in the artifact cache or any verdict', () => {
    for (const file of filesUnder(artifacts)) {
      expect(readFileSync(file).includes(SECRET), file).toBe(false);
    }
    expect(JSON.stringify([...verdicts])).not.toContain(SECRET);
    // Another program of the run that reads the whole cache it is given finds nothing either.
    expect(verdicts.get('reader')?.status).toBe('passed');
  });

  it('leave nothing of /etc/shadow in the cache, and nothing running', () => {
    const lines = readFileSync('/etc/shadow', 'utf8')
      .split('\n')
      .filter((line) => line.length > 8);
    const cache = filesUnder(artifacts).map((file) => readFileSync(file, 'latin1'));
    for (const line of lines) expect(cache.some((text) => text.includes(line))).toBe(false);
    const compilers = descendants().filter((p) => /cc1plus|g\+\+/.test(p.cmdline));
    expect(compilers).toEqual([]);
  });
});

/**
 * A program that passes only if no file of the artifact cache it sees holds the secret. It holds
 * the secret reversed (its own binary lands in that cache too).
 */
function readerProgram(): string {
  return `#include <cassert>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
int main() {
  namespace fs = std::filesystem;
  const std::string reversed = "${[...SECRET].reverse().join('')}";
  const std::string secret(reversed.rbegin(), reversed.rend());
  std::error_code error;
  for (auto it = fs::recursive_directory_iterator("/opt/passk-artifacts", error);
       it != fs::recursive_directory_iterator(); it.increment(error)) {
    if (!it->is_regular_file(error)) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    assert(text.find(secret) == std::string::npos);
  }
}
`;
}

/**
 * Workers cannot be taken over when passk runs as a normal user (programs then share the worker's
 * uid): every worker is non-dumpable, so /proc/<worker>/mem cannot be opened to rewrite its code.
 * The real worker.py runs here as an unprivileged uid (setpriv), with no per-program uid, which is
 * exactly the non-root situation; a correct and a wrong sample run on the same slot after it.
 */
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pythonSupportDir } from '../../src/execution/languages/kit/worker-host.js';
import { resolveLimits } from '../../src/execution/sandboxes/common.js';
import { WorkerSlot } from '../../src/execution/sandboxes/worker-slot.js';
import { classify } from '../../src/execution/verdict.js';
import { BAD_PY, GOOD_PY, LIMITS } from './helpers.js';

const UID = 1_900_000_000 + Math.floor(Math.random() * 1_000_000);
let scratch: string;
let slot: WorkerSlot;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'passk-security-takeover-'));
  chownSync(scratch, UID, UID);
  chmodSync(scratch, 0o700);
  const argv = [
    '/usr/bin/setpriv',
    `--reuid=${UID}`,
    `--regid=${UID}`,
    '--clear-groups',
    '/usr/bin/python3',
    '-I',
    '-S',
    join(pythonSupportDir(), 'worker.py'),
    '--scratch',
    scratch,
  ];
  slot = new WorkerSlot(async () => ({ argv, env: { PATH: '/usr/bin:/bin' }, cwd: '/' }), 'user');
});
afterAll(async () => {
  await slot?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function verdictOn(source: string) {
  const nonce = `n${Math.random().toString(16).slice(2)}`;
  const outcome = await slot.run({ source, nonce, limits: resolveLimits(LIMITS) });
  return classify(outcome, nonce);
}

const ATTACK = `import os, subprocess, time
helper = subprocess.Popen(["/usr/bin/sleep", "5"])
try:
    # Control: a dumpable process of the same uid IS open to us, so the method works here. (A
    # vfork'd child becomes dumpable a moment after its parent resumes: allow it that moment.)
    for attempt in range(100):
        try:
            open("/proc/%d/mem" % helper.pid, "r+b").close()
            break
        except PermissionError:
            time.sleep(0.01)
    else:
        raise SystemError("control-failed")
finally:
    helper.kill()
try:
    open("/proc/%d/mem" % os.getppid(), "r+b")
except PermissionError:
    raise SystemError("worker-protected")
raise SystemError("worker-open")
`;

describe('a worker running as the same uid as its programs', () => {
  it('cannot have its memory opened by a sample; the samples after it keep their verdicts', async () => {
    expect((await verdictOn(GOOD_PY('takeover first'))).status).toBe('passed');
    expect(await verdictOn(ATTACK)).toMatchObject({
      status: 'error',
      errorType: 'SystemError',
      message: 'worker-protected',
    });
    expect((await verdictOn(GOOD_PY('takeover after'))).status).toBe('passed');
    expect((await verdictOn(BAD_PY('takeover'))).status).toBe('failed');
    expect(slot.restarts).toBe(0);
  }, 60_000);
});

import { readdirSync, readFileSync } from 'node:fs';
import type {
  ExecJob,
  ExecLimits,
  Executor,
  Language,
  Verdict,
} from '../../src/execution/types.js';

export const LIMITS: ExecLimits = {
  timeoutMs: 1500,
  memoryBytes: 512 * 2 ** 20,
  outputBytes: 2 ** 20,
};

/** The uids passk gives programs when it runs as root are drawn from this range. */
const PROGRAM_UID_MIN = 1_000_000;

interface HostProcess {
  pid: number;
  ppid: number;
  uid: number;
  cmdline: string;
}

/** Every process on the host, from /proc (sandboxed processes are visible here too). */
export function hostProcesses(): HostProcess[] {
  const found: HostProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1] ?? -1);
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? -1);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      found.push({ pid: Number(entry), ppid, uid, cmdline });
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** Processes whose command line contains `token` (a unique marker a hostile program used). */
export function processesMatching(token: string): HostProcess[] {
  return hostProcesses().filter((p) => p.cmdline.includes(token));
}

/**
 * Every process descended from `root` (default: this test process). Programs run in a pid
 * namespace under a worker that is a subreaper, so whatever they leave behind stays in this tree.
 */
export function descendants(root = process.pid): HostProcess[] {
  const all = hostProcesses();
  const result: HostProcess[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const parent = frontier.pop()!;
    for (const child of all.filter((p) => p.ppid === parent)) {
      result.push(child);
      frontier.push(child.pid);
    }
  }
  return result;
}

/** Descendants running as one of passk's program uids: programs alive right now. */
export function livePrograms(): HostProcess[] {
  return descendants().filter((p) => p.uid >= PROGRAM_UID_MIN);
}

/** Runs one Python source through the executor and returns its verdict. */
export async function verdictOf(
  executor: Executor,
  source: string,
  limits: ExecLimits = LIMITS,
): Promise<Verdict> {
  const job: ExecJob = { id: 'attack', program: { language: 'python', source }, limits };
  const verdict = (await executor.run([job])).get('attack');
  if (!verdict) throw new Error('no verdict');
  return verdict;
}

/** A unique marker for one test run. */
export function token(label: string): string {
  return `${label}${process.pid}${Math.floor(Math.random() * 1e9)}`;
}

/** One sample of an in-order evaluation: id, language, source. */
export type Sample = [id: string, language: Language, source: string];

/**
 * Runs `samples` in ONE evaluation, in the order given (no cache, equal expected times keep the
 * order; an executor with one worker puts them all on the same slot), and returns each verdict.
 */
export async function inOrder(
  executor: Executor,
  samples: readonly Sample[],
  limits: ExecLimits = LIMITS,
): Promise<Record<string, Verdict>> {
  const jobs: ExecJob[] = samples.map(([id, language, source]) => ({
    id,
    program: { language, source },
    limits,
  }));
  const verdicts = await executor.run(jobs);
  return Object.fromEntries(samples.map(([id]) => [id, verdicts.get(id)!]));
}

/** Python samples that must pass and fail wherever they run: the control pair of every attack. */
export const GOOD_PY = (tag: string): string => `# ${tag}\nassert sorted([3, 1, 2]) == [1, 2, 3]\n`;
export const BAD_PY = (tag: string): string => `# ${tag}\nassert sorted([3, 1, 2]) == [3, 2, 1]\n`;

// Each fork stays well under the 512 MiB address-space limit; together they hold 2.1 GiB.
export const FORKS_OVER_MEMORY_PY = `import os
pids = []
for _ in range(6):
    pid = os.fork()
    if pid == 0:
        block = bytearray(350 << 20)
        for i in range(0, len(block), 4096):
            block[i] = 1
        os._exit(0)
    pids.append(pid)
assert all(os.waitpid(pid, 0)[1] == 0 for pid in pids)
`;

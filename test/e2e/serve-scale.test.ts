import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/index.js';
import { tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';
import {
  post,
  TRUNCATE_PROMPT,
  TRUNCATE_RIGHT,
  TRUNCATE_WRONG,
  testServer,
} from '../helpers/serve.js';

const REQUESTS = 2000;
const CONNECTIONS = 64;

/** Kills every process it can reach (its uid, its namespace), then answers right. */
const HOSTILE = `${TRUNCATE_PROMPT}    import os, signal\n    try:\n        os.kill(-1, signal.SIGKILL)\n    except OSError:\n        pass\n    return number % 1.0\n`;

/**
 * The program of request `i`, and what it is: mostly 20 variants a verdict cache answers after
 * their first run (a comment apart, so the cache can never answer a wrong one with a right one's
 * verdict), every 20th a variant of its own that must run, every 50th a hostile one of its own.
 */
function programOf(i: number): { program: string; kind: 'right' | 'wrong' | 'hostile' } {
  if (i % 50 === 7) return { program: `${HOSTILE}# h${i}\n`, kind: 'hostile' };
  const kind = i % 2 === 0 ? 'right' : 'wrong';
  const base = kind === 'right' ? TRUNCATE_RIGHT : TRUNCATE_WRONG;
  return { program: `${base}# ${i % 20 === 3 ? `u${i}` : `v${i % 20}`}\n`, kind };
}

/** The verdicts a local evaluate gives the three kinds (no cache, no server). */
async function localStatuses(): Promise<Record<string, string>> {
  const kinds = ['right', 'wrong', 'hostile'] as const;
  const programs = [programOf(0), programOf(1), programOf(7)].map((p) => p.program);
  const { results } = await evaluate({
    task: 'humaneval',
    candidates: {
      kind: 'records',
      records: programs.map((program, sample) => ({ problemId: 'HumanEval/2', sample, program })),
    },
    limitStart: 2,
    limit: 1,
    allowCodeExecution: true,
    verdictCache: false,
    db: false,
    dataset: { dataDir: requireData('humaneval/HumanEval.jsonl.gz'), offline: true },
  });
  return Object.fromEntries(results.map((r) => [kinds[r.sample]!, r.status]));
}

describe('passk serve under load: 2,000 /judge requests from 64 connections, queue limit 256', () => {
  it('answers every request (a verdict or a 429), as a local run judges, and stops (drain, close) without losing an accepted one', async () => {
    const expected = await localStatuses();
    expect(expected).toEqual({ right: 'passed', wrong: 'failed', hostile: 'error' });
    const server = await testServer({
      queueLimit: 256,
      workers: 2,
      verdictCache: await tempDir('passk-serve-scale-'),
    });
    const answers: { i: number; status: number; verdict?: string }[] = [];
    let next = 0;
    let closing: Promise<void> | undefined;
    let probe: Promise<{ status: number }> | undefined;
    const connection = async () => {
      while (next < REQUESTS) {
        const i = next++;
        const item = {
          task: 'humaneval',
          problem_id: 'HumanEval/2',
          program: programOf(i).program,
        };
        const sent = post(`${server.url}/judge`, { items: [item] });
        if (next === REQUESTS) {
          // The last one is out, up to 63 others in flight: stop as SIGTERM does (drain, then
          // close). Every accepted request must still be answered; a new one gets 503.
          await new Promise((resolve) => setTimeout(resolve, 10));
          closing = server.close();
          probe = post(`${server.url}/judge`, { items: [item] });
        }
        const answer = await sent;
        answers.push({ i, status: answer.status, verdict: answer.body.verdicts?.[0]?.status });
      }
    };
    try {
      await Promise.all(Array.from({ length: CONNECTIONS }, connection));
      expect((await probe!).status).toBe(503);
    } finally {
      await (closing ?? server.close());
    }
    // Every request answered once: a verdict, a 429 (queue full) or, once draining, a 503.
    expect(answers.map((a) => a.i).sort((x, y) => x - y)).toEqual([...Array(REQUESTS).keys()]);
    const byStatus: Record<string, typeof answers> = {};
    for (const a of answers)
      byStatus[String(a.status)] = [...(byStatus[String(a.status)] ?? []), a];
    expect(Object.keys(byStatus).filter((s) => !['200', '429', '503'].includes(s))).toEqual([]);
    expect(byStatus['200']!.length).toBeGreaterThan(REQUESTS - CONNECTIONS);
    // Each verdict is the local run's for its kind: hostile neighbours changed none.
    const wrongly = byStatus['200']!.filter((a) => a.verdict !== expected[programOf(a.i).kind]);
    expect(wrongly).toEqual([]);
    const hostile = byStatus['200']!.filter((a) => programOf(a.i).kind === 'hostile');
    expect(hostile.length).toBeGreaterThan(0);
  }, 600_000);
});

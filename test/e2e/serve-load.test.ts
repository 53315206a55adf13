import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasskServer } from '../../src/index.js';
import { post, TRUNCATE_PROMPT, testServer } from '../helpers/serve.js';

const REQUESTS = 200;
const CONNECTIONS = 16;

describe('passk serve under load: bounded admission', () => {
  let server: PasskServer;
  beforeAll(async () => {
    // 2 executing + 8 waiting: the 16 connections' first requests alone overfill it.
    server = await testServer({ workers: 2, queueLimit: 8 });
  });
  afterAll(() => server.close());

  it('answers every request with its own output or a 429 with Retry-After: none lost, none hung', async () => {
    let next = 0;
    const answers: { i: number; status: number; stdout?: string; retryAfter: string | null }[] = [];
    const connection = async () => {
      while (next < REQUESTS) {
        const i = next++;
        // A short sleep keeps programs in the sandbox while the other connections arrive.
        const code = `import time\ntime.sleep(0.2)\nprint(${i})`;
        const { status, body, headers } = await post(`${server.url}/run_code`, {
          code,
          language: 'python',
        });
        answers.push({
          i,
          status,
          ...(status === 200 ? { stdout: body.run_result?.stdout } : {}),
          retryAfter: headers.get('retry-after'),
        });
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));
    expect(answers.map((a) => a.i).sort((a, b) => a - b)).toEqual(
      Array.from({ length: REQUESTS }, (_, i) => i),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok.length + refused.length).toBe(REQUESTS);
    // Each accepted request got its own program's output, never another's.
    for (const a of ok) expect(a.stdout).toBe(`${a.i}\n`);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    // The first 10 requests (2 executing + 8 queued) cannot have been refused.
    expect(ok.length).toBeGreaterThanOrEqual(10);
  });

  it('gives each accepted /judge request the verdict its program earns, under the same load', async () => {
    let next = 0;
    const answers: { i: number; status: number; verdict?: string }[] = [];
    const connection = async () => {
      while (next < REQUESTS) {
        const i = next++;
        // Even: right, odd: wrong; each sleeps in every call so the queue fills.
        const body = i % 2 === 0 ? 'return number % 1.0' : 'return number';
        const program = `${TRUNCATE_PROMPT}    import time\n    time.sleep(0.05)\n    ${body}  # ${i}\n`;
        const { status, body: answer } = await post(`${server.url}/judge`, {
          items: [{ task: 'humaneval', problem_id: 'HumanEval/2', program }],
        });
        answers.push({
          i,
          status,
          ...(status === 200 ? { verdict: answer.verdicts[0].status } : {}),
        });
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));
    expect(answers).toHaveLength(REQUESTS);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(10);
    expect(ok.length).toBeLessThan(REQUESTS);
    for (const a of ok)
      expect([a.i, a.verdict]).toEqual([a.i, a.i % 2 === 0 ? 'passed' : 'failed']);
  });
});

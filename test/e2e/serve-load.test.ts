import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasskServer } from '../../src/index.js';
import { post, testServer } from '../helpers/serve.js';

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
});

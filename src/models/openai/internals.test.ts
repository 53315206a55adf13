import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './http.js';
import { type Lease, ReplicaPool } from './replicas.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs } from './retry.js';
import { sseData } from './sse.js';

async function collect(chunks: string[]): Promise<{ events: string[]; done: boolean }> {
  const encoder = new TextEncoder();
  async function* body() {
    for (const chunk of chunks) yield encoder.encode(chunk);
  }
  const events: string[] = [];
  const iterator = sseData(body());
  for (let next = await iterator.next(); ; next = await iterator.next()) {
    if (next.done) return { events, done: next.value };
    events.push(next.value);
  }
}

describe('sseData', () => {
  it('reassembles events split anywhere, with CRLF, comments and multi-line data', async () => {
    const result = await collect([
      'data: {"a"',
      ':1}\r\n\r\n: keep-alive\n\ndata: x\ndata: y\n',
      '\ndata: [DO',
      'NE]\n\n',
    ]);
    expect(result).toEqual({ events: ['{"a":1}', 'x\ny'], done: true });
  });

  it('reports a stream that ended without [DONE]', async () => {
    expect(await collect(['data: {"a":1}\n\n', 'data: {"b"'])).toEqual({
      events: ['{"a":1}', '{"b"'],
      done: false,
    });
  });
});

describe('retry timing', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };

  it('doubles with equal jitter and is capped', () => {
    expect(retryDelayMs(0, policy, undefined, () => 0)).toBe(50);
    expect(retryDelayMs(0, policy, undefined, () => 1)).toBe(100);
    expect(retryDelayMs(3, policy, undefined, () => 1)).toBe(800);
    expect(retryDelayMs(10, policy, undefined, () => 1)).toBe(1000);
  });

  it('waits at least as long as Retry-After says, within a cap', () => {
    expect(retryDelayMs(0, policy, 5000, () => 0)).toBe(5000);
    expect(retryDelayMs(0, policy, 10 ** 9, () => 0)).toBe(policy.maxRetryAfterMs);
  });

  it('reads Retry-After as seconds, as a date, and as retry-after-ms', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(
      parseRetryAfter(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }), now),
    ).toBe(7000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });
});

describe('ReplicaPool', () => {
  it('alternates between idle replicas and prefers the least busy one', async () => {
    const pool = new ReplicaPool(['a', 'b'], 2);
    const first = await pool.acquire();
    first.release();
    const second = await pool.acquire();
    expect([first.url, second.url]).toEqual(['a', 'b']);
    const third = await pool.acquire();
    expect(third.url).toBe('a'); // b is busy with `second`
  });

  it('queues beyond capacity in order and hands freed slots over', async () => {
    const pool = new ReplicaPool(['a'], 1);
    const held = await pool.acquire();
    const order: number[] = [];
    const granted = (id: number) => (lease: Lease) => {
      order.push(id);
      return lease;
    };
    const waiting = [pool.acquire().then(granted(1)), pool.acquire().then(granted(2))];
    held.release();
    (await waiting[0]!).release();
    (await waiting[1]!).release();
    expect(order).toEqual([1, 2]);
  });

  it('lets a waiting request give up when its signal aborts', async () => {
    const pool = new ReplicaPool(['a'], 1);
    await pool.acquire();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });
});

import { describe, expect, it } from 'vitest';
import { type Lease, ReplicaPool } from '../../core/replicas.js';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelayMs } from '../../core/retry.js';
import { stripReasoning } from '../../generation/reasoning.js';
import { type RetryableRequestError, ServerUnavailableError } from '../errors.js';
import { normalizeBaseUrl, splitBaseUrls } from './endpoints.js';
import { completionsFromBody } from './protocol.js';
import { sseData } from './sse.js';
import { completionsFromStream } from './stream.js';

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

describe('ReplicaPool circuit breaker', () => {
  const breaker = { threshold: 2, baseBackoffMs: 1000, maxBackoffMs: 4000, outageLimitMs: 10_000 };
  const poolAt = (clock: { now: number }, notices: string[] = []) =>
    new ReplicaPool(
      ['a', 'b'],
      4,
      breaker,
      (m) => notices.push(m),
      () => clock.now,
    );

  it('routes around a replica after consecutive failures, then probes it once', async () => {
    const clock = { now: 0 };
    const notices: string[] = [];
    const pool = poolAt(clock, notices);
    for (let i = 0; i < 2; i++) {
      const lease = await pool.acquire(undefined, 'b'); // retry-style: avoid b, so a is used
      expect(lease.url).toBe('a');
      lease.release('failed');
    }
    expect(pool.opened).toEqual([1, 0]);
    expect(notices[0]).toMatch(/^a is failing \(2 in a row\); routing around it/);
    // while open, even an idle `a` is never chosen
    const leases = await Promise.all([pool.acquire(), pool.acquire(), pool.acquire()]);
    expect(leases.map((l) => l.url)).toEqual(['b', 'b', 'b']);
    for (const lease of leases) lease.release('ok');
    clock.now = 1000; // backoff over: one probe goes to `a`, the rest to b
    const [probe, other] = [await pool.acquire(), await pool.acquire()];
    expect([probe.url, other.url]).toEqual(['a', 'b']);
    probe.release('failed'); // reopened for twice as long
    other.release('ok');
    clock.now = 2500;
    expect((await pool.acquire()).url).toBe('b');
    clock.now = 3000;
    const second = await pool.acquire();
    expect(second.url).toBe('a');
    second.release('ok');
    expect(notices.at(-1)).toBe('a answers again');
    expect(pool.sent).toEqual([4, 5]);
  });

  it('does not lengthen the backoff for requests that were in flight when it opened', async () => {
    const clock = { now: 0 };
    const pool = poolAt(clock);
    const inFlight = await Promise.all([1, 2, 3, 4].map(() => pool.acquire(undefined, 'b')));
    expect(inFlight.map((l) => l.url)).toEqual(['a', 'a', 'a', 'a']);
    for (const lease of inFlight) lease.release('failed');
    expect(pool.opened).toEqual([1, 0]);
    clock.now = 1000; // the first backoff (1 s), not 8 s
    expect((await pool.acquire()).url).toBe('a');
  });

  it('makes requests wait while every replica is down and fails them after the outage limit', async () => {
    const clock = { now: 0 };
    const notices: string[] = [];
    const pool = poolAt(clock, notices);
    pool.markDown('a', 'ECONNREFUSED');
    pool.markDown('b', 'ECONNREFUSED');
    expect(notices.at(-1)).toMatch(/all 2 model server replica\(s\) are failing; waiting/);
    clock.now = 500;
    const waiting = pool.acquire();
    clock.now = 1000; // due for probes: the wake-up timer hands a probe over
    const probe = await waiting;
    expect(probe.url).toBe('a');
    probe.release('failed');
    clock.now = 20_000;
    const late = pool.acquire();
    await expect(late).rejects.toBeInstanceOf(ServerUnavailableError);
    await expect(late).rejects.toThrow(/every model server replica has been failing for 20 s/);
    pool.close();
  });
});

describe('served answers that are not finished samples', () => {
  const url = 'http://x/v1/completions';
  it('treats an error body, a missing finish_reason and an error event as failed attempts', async () => {
    const reasonOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as RetryableRequestError).reason;
      }
      return 'none';
    };
    expect(reasonOf(() => completionsFromBody({ object: 'error', message: 'boom' }, url))).toBe(
      'error-event',
    );
    expect(reasonOf(() => completionsFromBody({ error: { message: 'boom' } }, url))).toBe(
      'error-event',
    );
    expect(
      reasonOf(() => completionsFromBody({ choices: [{ text: 'x', finish_reason: null }] }, url)),
    ).toBe('no-finish-reason');
    const stream = async (events: string[]) => {
      const encoder = new TextEncoder();
      async function* body() {
        for (const event of events) yield encoder.encode(`data: ${event}\n\n`);
      }
      return completionsFromStream(body(), {
        url,
        n: 1,
        stops: [],
        maxNewTokens: 10,
        abandon: () => {},
      }).then(
        () => 'none',
        (error: RetryableRequestError) => error.reason,
      );
    };
    const piece = JSON.stringify({ choices: [{ index: 0, text: '    ret', finish_reason: null }] });
    expect(await stream([piece, '{"error": {"message": "engine died"}}', '[DONE]'])).toBe(
      'error-event',
    );
    expect(await stream([piece, '[DONE]'])).toBe('no-finish-reason');
    const aborted = JSON.stringify({ choices: [{ index: 0, text: '', finish_reason: 'abort' }] });
    expect(await stream([piece, aborted, '[DONE]'])).toBe('error-event');
    expect(
      reasonOf(() =>
        completionsFromBody({ choices: [{ text: 'x', finish_reason: 'error' }] }, url),
      ),
    ).toBe('error-event');
    expect(await stream([piece])).toBe('torn-stream');
  });
});

describe('base URLs', () => {
  it('takes repeated flags and comma lists', () => {
    expect(splitBaseUrls(['http://a:1', 'http://b:2, http://c:3,'])).toEqual([
      'http://a:1',
      'http://b:2',
      'http://c:3',
    ]);
  });

  it('refuses a URL without a scheme instead of sending it to null8000', () => {
    expect(() => normalizeBaseUrl('localhost:8000')).toThrow(
      "--base-url 'localhost:8000' has no scheme",
    );
    expect(() => normalizeBaseUrl('ftp://h/v1')).toThrow('only http:// and https://');
    expect(normalizeBaseUrl('http://h:8000/')).toBe('http://h:8000/v1');
  });
});

describe('stripReasoning', () => {
  it('removes think blocks (every one in chat, a leading one in completions)', () => {
    expect(stripReasoning('<think>a\n</think>\ncode', true)).toEqual({
      answer: 'code',
      reasoningChars: 18,
    });
    expect(stripReasoning('x <think>a</think> y <think>b</think>', true).answer).toBe('x  y ');
    expect(stripReasoning('  <think>never closed', false).answer).toBe('');
    expect(stripReasoning('code # <think> is text here', false).answer).toBe(
      'code # <think> is text here',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { post } from '../helpers/serve.js';
import { startServeCli } from '../helpers/serve-cli.js';

const TOKEN = 'cli-test-token-0123456789abcdef';

describe('passk serve (the CLI, real child process)', () => {
  it('refuses to listen beyond loopback without a token', async () => {
    const result = await runCli(
      ['serve', '--host', '0.0.0.0', '--port', '0', '--allow-code-execution'],
      { PASSK_SERVE_TOKEN: undefined },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/refusing to serve on 0\.0\.0\.0 without a token/);
  });

  it('drains on SIGTERM: answers every accepted request, refuses new ones, exits 0', async () => {
    const { child, url, stderr, exited } = await startServeCli(
      ['--port', '0', '--allow-code-execution', '--no-cache', '--workers', '2'],
      TOKEN,
    );
    const auth = { authorization: `Bearer ${TOKEN}` };
    // Six requests of ~1 s each on 2 workers: accepted, most still waiting when SIGTERM comes.
    const accepted = Array.from({ length: 6 }, (_, i) =>
      post(
        `${url}/run_code`,
        { code: `import time\ntime.sleep(1)\nprint(${i})`, language: 'python' },
        auth,
      ),
    );
    // Wait until the server holds all six (executing or queued), then stop it.
    for (;;) {
      const metrics = await (await fetch(`${url}/metrics`, { headers: auth })).text();
      const held = ['queue_depth', 'in_flight'].reduce(
        (sum, name) =>
          sum + Number(new RegExp(`^passk_serve_${name} (\\d+)$`, 'm').exec(metrics)![1]),
        0,
      );
      if (held === 6) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGTERM');
    // Draining: health says so, a new request is refused with 503.
    for (;;) {
      const health = await fetch(`${url}/healthz`);
      if (health.status === 503) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const late = await post(`${url}/run_code`, { code: 'print(1)', language: 'python' }, auth);
    expect(late.status).toBe(503);
    const answers = await Promise.all(accepted);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.run_result.stdout)).toEqual([
      '0\n',
      '1\n',
      '2\n',
      '3\n',
      '4\n',
      '5\n',
    ]);
    expect(await exited).toBe(0);
    expect(stderr()).toMatch(/drained, exiting/);
  });
});

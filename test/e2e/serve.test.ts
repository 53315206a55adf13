import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, type PasskServer, startServer } from '../../src/index.js';
import { tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';
import {
  post,
  TRUNCATE_PROMPT,
  TRUNCATE_RIGHT,
  TRUNCATE_WRONG,
  testServer,
} from '../helpers/serve.js';

const TOKEN = 'a-test-token-of-enough-length-0123';

describe('passk serve (library server on loopback, real sandbox, node fetch)', () => {
  let server: PasskServer;
  const auth = { authorization: `Bearer ${TOKEN}` };
  beforeAll(async () => {
    // A verdict cache of its own: a retried request must be answered from it.
    const verdictCache = await tempDir('passk-serve-cache-');
    server = await testServer({ token: TOKEN, maxBodyBytes: 64 * 1024, verdictCache });
  });
  afterAll(() => server.close());

  it('asks for the token on every endpoint but /healthz', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const request = { code: 'print(1)', language: 'python' };
    expect((await post(`${server.url}/run_code`, request)).status).toBe(401);
    const wrong = { authorization: `Bearer ${TOKEN.replace('a', 'b')}` };
    expect((await post(`${server.url}/run_code`, request, wrong)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await post(`${server.url}/run_code`, request, auth)).status).toBe(200);
  });

  it('refuses a body over the limit (413) and one that does not fit (400)', async () => {
    const big = { code: `print(${'1'.repeat(70 * 1024)})`, language: 'python' };
    expect((await post(`${server.url}/run_code`, big, auth)).status).toBe(413);
    const notJson = await post(`${server.url}/run_code`, '{"code": ', auth);
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/not JSON/);
    const noCode = await post(`${server.url}/run_code`, { language: 'python' }, auth);
    expect(noCode.status).toBe(400);
    expect(noCode.body.error).toMatch(/code/);
    const unknownTask = await post(
      `${server.url}/judge`,
      { items: [{ task: 'no-such-task', problem_id: 'x', program: '' }] },
      auth,
    );
    expect(unknownTask.status).toBe(400);
  });

  it('refuses a problem whose library is missing here, rather than scoring it 0', async () => {
    requireData('ds1000');
    // DS-1000's PyTorch problems: torch is not a Debian package, so not installed here.
    const torch = await post(
      `${server.url}/judge`,
      { items: [{ task: 'ds1000', problem_id: '377', program: 'pass' }] },
      auth,
    );
    expect(torch.status).toBe(400);
    expect(torch.body.error).toMatch(/377 of ds1000 cannot run here \(torch: /);
  });

  it('answers SandboxFusion-shaped run_code requests in Python and C++', async () => {
    const python = await post(
      `${server.url}/run_code`,
      { code: 'print(input()[::-1])', language: 'python', stdin: 'abc\n' },
      auth,
    );
    expect(python.body).toMatchObject({
      status: 'Success',
      compile_result: null,
      run_result: { status: 'Finished', return_code: 0, stdout: 'cba\n' },
    });
    const cpp = await post(
      `${server.url}/run_code`,
      {
        code: '#include <iostream>\nint main(){int a,b;std::cin>>a>>b;std::cout<<a*b<<"\\n";return 0;}',
        language: 'cpp',
        stdin: '6 7',
      },
      auth,
    );
    expect(cpp.body).toMatchObject({
      status: 'Success',
      compile_result: { status: 'Finished', return_code: 0 },
      run_result: { status: 'Finished', return_code: 0, stdout: '42\n' },
    });
    const broken = await post(
      `${server.url}/run_code`,
      { code: 'int main({', language: 'cpp' },
      auth,
    );
    expect(broken.body.status).toBe('Failed');
    expect(broken.body.compile_result.return_code).not.toBe(0);
    const failing = await post(
      `${server.url}/run_code`,
      { code: 'import sys\nsys.stderr.write("boom")\nsys.exit(3)', language: 'python' },
      auth,
    );
    expect(failing.body).toMatchObject({
      status: 'Failed',
      run_result: { return_code: 3, stderr: 'boom' },
    });
    const slow = await post(
      `${server.url}/run_code`,
      { code: 'while True: pass', language: 'python', run_timeout: 1 },
      auth,
    );
    expect(slow.body).toMatchObject({
      status: 'Failed',
      run_result: { status: 'TimeLimitExceeded' },
    });
    const other = await post(`${server.url}/run_code`, { code: 'x', language: 'cobol' }, auth);
    expect(other.body.status).toBe('SandboxError');
    expect(other.body.message).toMatch(/not supported/);
  });

  it('judges HumanEval programs as evaluate does, and maps get_reward to the same verdicts', async () => {
    const judged = await post(
      `${server.url}/judge`,
      {
        items: [
          { task: 'humaneval', problem_id: 'HumanEval/2', program: TRUNCATE_RIGHT },
          { task: 'humaneval', problem_id: 'HumanEval/2', program: TRUNCATE_WRONG },
        ],
      },
      auth,
    );
    expect(judged.status).toBe(200);
    expect(judged.body.verdicts.map((v: { status: string }) => v.status)).toEqual([
      'passed',
      'failed',
    ]);
    expect(judged.body.verdicts.map((v: { reward: number }) => v.reward)).toEqual([1, 0]);
    // A chat reply with the function in a fence; a completion continuing humaneval-unstripped's
    // prompt, which is the dataset's.
    const prompt = `<user>${TRUNCATE_PROMPT}<assistant>`;
    const reply = `Here it is:\n\n\`\`\`python\n${TRUNCATE_RIGHT}\`\`\`\n`;
    const reward = await post(
      `${server.url}/get_reward`,
      {
        query: [`${prompt}${reply}`, `${TRUNCATE_PROMPT}    return number\n`],
        prompts: [prompt, TRUNCATE_PROMPT],
        labels: [
          '{"task": "humaneval", "problem_id": "HumanEval/2", "mode": "chat"}',
          'humaneval-unstripped:HumanEval/2',
        ],
      },
      auth,
    );
    expect(reward.status).toBe(200);
    expect(reward.body.rewards).toEqual([1, 0]);
    const mismatch = await post(
      `${server.url}/get_reward`,
      { query: ['abc'], prompts: ['xyz'], labels: ['humaneval:HumanEval/2'] },
      auth,
    );
    expect(mismatch.status).toBe(400);
  });

  it('answers a retried request from the verdict cache, with the same verdict', async () => {
    const metrics = async () => (await fetch(`${server.url}/metrics`, { headers: auth })).text();
    const hits = (text: string) => Number(/^passk_serve_cache_hits_total (\d+)$/m.exec(text)![1]);
    const programs = (text: string) => Number(/^passk_serve_programs_total (\d+)$/m.exec(text)![1]);
    const request = {
      items: [
        { task: 'humaneval', problem_id: 'HumanEval/2', program: `${TRUNCATE_WRONG}# retry\n` },
      ],
    };
    const first = await post(`${server.url}/judge`, request, auth);
    const before = await metrics();
    const again = await post(`${server.url}/judge`, request, auth);
    const after = await metrics();
    expect(again.body).toEqual(first.body);
    expect(hits(after)).toBe(hits(before) + 1);
    expect(programs(after)).toBe(programs(before));
  });

  it('counts verdicts, programs and latency in /metrics', async () => {
    const text = await (await fetch(`${server.url}/metrics`, { headers: auth })).text();
    expect(text).toMatch(/^passk_serve_queue_depth 0$/m);
    expect(text).toMatch(/^passk_serve_in_flight 0$/m);
    expect(text).toMatch(/^passk_serve_programs_total [1-9]\d*$/m);
    expect(text).toMatch(/^passk_serve_verdicts_total\{endpoint="judge",status="passed"\} 1$/m);
    expect(text).toMatch(/^passk_serve_verdicts_total\{endpoint="judge",status="failed"\} 3$/m);
    expect(text).toMatch(/^passk_serve_request_seconds\{endpoint="judge",quantile="0.99"\} \d/m);
  });

  // After the /metrics test, whose counts it would change.
  it('judges programs against a problem of their own (the custom JSONL row format)', async () => {
    const python = { tests: 'assert add(2, 3) == 5\nassert add(-1, 1) == 0\n', entry_point: 'add' };
    const node = {
      language: 'javascript',
      tests: "const assert = require('assert');\nassert.strictEqual(add(2, 3), 5);\n",
    };
    const items = [
      { problem: python, program: 'def add(a, b):\n    return a + b\n' },
      { problem: python, program: 'def add(a, b):\n    return a - b\n' },
      // An early exit(0) before the tests is never a pass, as in evaluate.
      { problem: python, program: 'import os\nos._exit(0)\n' },
      { problem: { ...python, prompt: 'def add(a, b):\n' }, completion: '    return a + b\n' },
      { problem: node, program: 'function add(a, b) { return a + b; }\n' },
      { problem: node, program: 'function add(a, b) { return 5; }\nadd = () => 0;\n' },
    ];
    const answer = await post(`${server.url}/judge`, { items }, auth);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.verdicts.map((v: { status: string }) => v.status)).toEqual([
      'passed',
      'failed',
      'incomplete',
      'passed',
      'passed',
      'failed',
    ]);
    expect(answer.body.verdicts.map((v: { reward: number }) => v.reward)).toEqual([
      1, 0, 0, 1, 1, 0,
    ]);
    const both = await post(
      `${server.url}/judge`,
      { items: [{ task: 'humaneval', problem_id: 'HumanEval/2', problem: python, program: '' }] },
      auth,
    );
    expect(both.status).toBe(400);
    const bad = await post(`${server.url}/judge`, { items: [{ problem: {}, program: '' }] }, auth);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/custom problem: .*tests/);
  });
});

describe('passk serve: refusals at start', () => {
  it('refuses a non-loopback host without a token, before starting anything', async () => {
    const saved = process.env['PASSK_SERVE_TOKEN'];
    delete process.env['PASSK_SERVE_TOKEN'];
    try {
      await expect(
        startServer({ allowCodeExecution: true, host: '0.0.0.0', port: 0 }),
      ).rejects.toThrow(ConfigError);
    } finally {
      if (saved !== undefined) process.env['PASSK_SERVE_TOKEN'] = saved;
    }
  });
});

describe('serve and the artifact cache', () => {
  it('keeps it without a verdict cache; artifactsDir false (--no-artifact-cache) keeps none', async () => {
    const dir = await tempDir('passk-serve-artifacts-');
    vi.stubEnv('PASSK_ARTIFACTS_DIR', join(dir, 'kept'));
    try {
      // the executor tidies (and so makes) its artifact folder as it starts
      await (await testServer({ preflight: false })).close();
      expect(existsSync(join(dir, 'kept'))).toBe(true);
      vi.stubEnv('PASSK_ARTIFACTS_DIR', join(dir, 'none'));
      await (await testServer({ preflight: false, artifactsDir: false })).close();
      expect(existsSync(join(dir, 'none'))).toBe(false);
    } finally {
      vi.unstubAllEnvs();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

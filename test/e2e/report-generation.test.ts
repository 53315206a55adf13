/**
 * The report's generation statistics from a real model run: the toy model on a local server
 * speaking the OpenAI protocol, one problem's answer too long for --max-new-tokens.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { toyRunArgs, toyServers, toyText } from '../helpers/toy-model.js';

const serve = toyServers();

describe('report: generation statistics', () => {
  it('counts the samples cut by the token limit and shows tokens and latency from the journal', async () => {
    const right = toyText();
    // `square` rambles past the token limit: its 3 samples end with finish reason `length`.
    const server = await serve({
      text: (context) =>
        /def square\(/.test(context.prompt)
          ? `    return x * x${' + 0'.repeat(30)}\n`
          : right(context),
    });
    const dir = await tempDir('passk-report-gen-');
    const out = join(dir, 'run');
    const args = toyRunArgs([server.baseUrl], out, ['--max-new-tokens', '12']);
    const run = await runCli([...args, '--label', 'toy t=0.2']);
    expect(run.stderr).not.toContain('internal error');
    expect(run.code).toBe(0);
    const file = join(dir, 'report.html');
    const report = await runCli(['report', out, '-o', file]);
    expect(report.code).toBe(0);
    const html = await readFile(file, 'utf8');
    const section = /<section class="panel" id="generation-0">(.*?)<\/section>/s.exec(html)?.[1];
    expect(section).toBeDefined();
    expect(section).toMatch(/samples generated<\/th><td>12</);
    expect(section).toMatch(/cut by the token limit<\/th><td>3 /);
    expect(section).toMatch(/tokens out<\/th><td>\d+ total; per sample median \d+/);
    expect(section).toContain('request latency');
    expect(html).toMatch(/<h2>toy t=0\.2 · [0-9a-f]{8}<\/h2>/);
  });
});

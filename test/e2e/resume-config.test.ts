import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConfigFileSchema } from '../../src/store/run-config.js';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  journalLines,
  readJson,
  TOY_PROBLEMS,
  toyRunArgs,
  toyServers,
  toyTask,
} from '../helpers/toy-model.js';

/** Issue 11: the resolved RunConfig, generation settings included, is what --resume reads. */

const serve = toyServers();
const SECRET = 'tok-9f3a-not-to-be-saved';

describe('--resume reads the run’s RunConfig', () => {
  it('records the generation settings whole (header names, never values) and resumes from them', async () => {
    const server = await serve();
    const out = await tempDir();
    const first = await runCli(
      toyRunArgs([server.baseUrl], out, [
        '--temperature',
        '0.3',
        '--top-p',
        '0.9',
        '--max-new-tokens',
        '200',
        '--seed',
        '7',
        '--label',
        'night',
        '--header',
        `X-Auth: ${SECRET}`,
      ]),
    );
    expect(first.code, first.stderr).toBe(0);
    const file = join(out, 'run-config.json');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(SECRET);
    const saved = runConfigFileSchema.parse(JSON.parse(text));
    expect(saved.config.generation).toMatchObject({
      backend: 'openai-compatible',
      baseUrls: [server.baseUrl],
      temperature: 0.3,
      topP: 0.9,
      maxNewTokens: 200,
      seed: 7,
      nSamples: 3,
      headerNames: ['x-auth'],
      label: 'night',
    });
    expect(saved.config.generation?.stop.length).toBeGreaterThan(0);
    // the same RunConfig is the one in run.json
    expect((await readJson(out, 'run.json')).config).toEqual(saved.config);
    expect(JSON.stringify(await readJson(out, 'run.json'))).not.toContain(SECRET);

    // A resume without the header is refused (its value was not saved), writing nothing.
    const more = ['run', '--resume', out, '--n-samples', '4', '--allow-code-execution'];
    const refused = await runCli(more);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('started with --header x-auth');
    expect(refused.stderr).not.toContain('internal error');
    expect(await readFile(file, 'utf8')).toBe(text);

    // Given again, the run grows to 4 samples with the sampling settings of its RunConfig.
    const grown = await runCli([...more, '--header', `X-Auth: ${SECRET}`]);
    expect(grown.code, grown.stderr).toBe(0);
    expect(await journalLines(out)).toHaveLength(TOY_PROBLEMS * 4);
    const last = server.requests.at(-1)!;
    expect(last.body).toMatchObject({ temperature: 0.3, top_p: 0.9, max_tokens: 200 });
    expect(last.headers['x-auth']).toBe(SECRET);
    const after = runConfigFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(after.config.generation).toMatchObject({ nSamples: 4, temperature: 0.3, seed: 7 });
    expect(await readFile(file, 'utf8')).not.toContain(SECRET);
  });

  it('a changed setting on resume is refused before run-config.json is touched', async () => {
    const server = await serve();
    const out = await tempDir();
    const first = await runCli(toyRunArgs([server.baseUrl], out, ['--top-p', '0.9']));
    expect(first.code, first.stderr).toBe(0);
    const before = await readFile(join(out, 'run-config.json'), 'utf8');
    const changed = await runCli([
      'run',
      '--resume',
      out,
      '--top-p',
      '0.5',
      '--allow-code-execution',
    ]);
    expect(changed.code).toBe(2);
    expect(changed.stderr).toContain('topP: 0.9 → 0.5');
    expect(await readFile(join(out, 'run-config.json'), 'utf8')).toBe(before);
  });

  it('a smaller --n-samples on resume is refused; evaluate --n-samples scores the first n', async () => {
    const server = await serve();
    const out = await tempDir();
    const first = await runCli(toyRunArgs([server.baseUrl], out, ['--generation-only']));
    expect(first.code, first.stderr).toBe(0);
    const before = await readFile(join(out, 'run-config.json'), 'utf8');
    const fewer = await runCli(['run', '--resume', out, '--n-samples', '2']);
    expect(fewer.code, fewer.stderr).toBe(2);
    expect(fewer.stderr).toContain(
      'passk: error: this run was started with --n-samples 3: a resume can add samples, not drop them (--n-samples 2)',
    );
    expect(await readFile(join(out, 'run-config.json'), 'utf8')).toBe(before);
    // the hint's command
    const scored = join(await tempDir(), 'first-2');
    const evaluated = await runCli([
      ...['evaluate', '--task', toyTask, '--generations', out, '--n-samples', '2'],
      ...['--output-dir', scored, '--no-db', '--allow-code-execution'],
    ]);
    expect(evaluated.code, evaluated.stderr).toBe(0);
    expect((await readJson(scored, 'metrics.json')).samples).toBe(TOY_PROBLEMS * 2);
  });

  it('--generation-only then evaluate: run.json keeps the generation settings', async () => {
    const server = await serve();
    const out = await tempDir();
    const generated = await runCli(
      toyRunArgs([server.baseUrl], out, ['--generation-only', '--temperature', '0.4']),
    );
    expect(generated.code, generated.stderr).toBe(0);
    const saved = runConfigFileSchema.parse(await readJson(out, 'run-config.json'));
    expect(saved.config.generation).toMatchObject({ temperature: 0.4, nSamples: 3 });
    const scored = await runCli([
      'evaluate',
      '--task',
      toyTask,
      '--generations',
      out,
      '--allow-code-execution',
      '--no-db',
      '--output-dir',
      join(out, 'scored'),
    ]);
    expect(scored.code, scored.stderr).toBe(0);
    const run = await readJson(join(out, 'scored'), 'run.json');
    expect(run.config.generation).toEqual(saved.config.generation);
    expect(run.config.candidates).toBe(out);
  });
});

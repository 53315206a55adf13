import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile } from './config-file.js';
import { parseEvaluationFlags } from './options.js';

async function configIn(content: string) {
  const dir = await mkdtemp(join(tmpdir(), 'passk-config-'));
  await writeFile(join(dir, 'passk.config.json'), content);
  return dir;
}

describe('passk.config.json', () => {
  it('rebases paths onto the config file folder and keeps registered names as names', async () => {
    const dir = await configIn('{"task": "./t.ts", "datasetPath": "d.jsonl", "dataDir": "data"}');
    expect(readConfigFile(undefined, dir)).toEqual({
      task: join(dir, 't.ts'),
      datasetPath: join(dir, 'd.jsonl'),
      dataDir: join(dir, 'data'),
    });
    const named = await configIn('{"task": "humaneval"}');
    expect(readConfigFile(undefined, named)).toEqual({ task: 'humaneval' });
  });

  it('refuses a switch word as a path (dataDir: "false" would name ./false)', async () => {
    for (const key of ['dataDir', 'datasetPath']) {
      const dir = await configIn(`{"${key}": "false"}`);
      expect(() => readConfigFile(undefined, dir)).toThrow(`key '${key}': a switch word`);
    }
    const path = await configIn('{"dataDir": "./false"}');
    expect(readConfigFile(undefined, path)).toEqual({ dataDir: join(path, 'false') });
  });

  it('is optional unless named with --config', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'passk-config-'));
    expect(readConfigFile(undefined, empty)).toEqual({});
    expect(() => readConfigFile('missing.json', empty)).toThrow('config file not found');
  });

  it('names the file and the key it does not know', async () => {
    const dir = await configIn('{"task": "humaneval", "limit": 3}');
    expect(() => readConfigFile(undefined, dir)).toThrow(/passk\.config\.json: .*limit/);
    const bad = await configIn('{"task": ');
    expect(() => readConfigFile(undefined, bad)).toThrow('is not valid JSON');
  });

  it('sets run defaults that flags override: defaults < passk.config.json < flags', async () => {
    const dir = await configIn('{"task": "humaneval", "k": [1, 5], "timeout": 2, "timeFactor": 3}');
    const config = join(dir, 'passk.config.json');
    const fromFile = parseEvaluationFlags({ config, limitStart: '0' });
    expect(fromFile).toMatchObject({ task: 'humaneval', k: [1, 5], timeout: 2000, timeFactor: 3 });
    const flags = parseEvaluationFlags({ config, limitStart: '0', k: '10', timeout: '0.5' });
    expect(flags).toMatchObject({ k: [10], timeout: 500, timeFactor: 3 });
    const bad = await configIn('{"k": [0]}');
    expect(() => readConfigFile(undefined, bad)).toThrow(/key 'k\.0'/);
  });
});

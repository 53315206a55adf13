import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadDataset } from './index.js';
import { sharedDataDir } from './paths.js';
import type { DatasetSpec } from './types.js';
import { validateRows } from './validate.js';

// The real benchmark files in ../shared/data: the loader must read them exactly as tasks will.
const offline = { dataDir: sharedDataDir(), offline: true, cacheDir: '/nonexistent-passk-cache' };
const hub = (repo: string, path: string): DatasetSpec['hub'] => ({
  repo,
  revision: 'unused-offline',
  path,
});

describe('shared benchmark data', () => {
  it('loads HumanEval.jsonl.gz: 164 rows', async () => {
    const loaded = await loadDataset(
      {
        hub: hub('openai/openai_humaneval', 'x.parquet'),
        localFile: 'humaneval/HumanEval.jsonl.gz',
      },
      offline,
    );
    expect(loaded.source).toBe('local');
    expect(loaded.sha256).toBe('b796127e635a67f93fb35c04f4cb03cf06f38c8072ee7cee8833d7bee06979ef');
    const rows = validateRows(loaded, z.object({ task_id: z.string(), entry_point: z.string() }));
    expect(rows).toHaveLength(164);
    expect(rows[0]?.task_id).toBe('HumanEval/0');
  });

  it('loads mbpp.jsonl: 974 rows', async () => {
    const loaded = await loadDataset(
      { hub: hub('google-research-datasets/mbpp', 'x.parquet'), localFile: 'mbpp/mbpp.jsonl' },
      offline,
    );
    expect(loaded.sha256).toBe('ccf64ceae9c5403bf50a044cb6d505bfd2a2963ee58338ba268fd65beab92a9f');
    const rows = validateRows(
      loaded,
      z.object({ task_id: z.number().int(), test_list: z.array(z.string()) }),
    );
    expect(rows).toHaveLength(974);
  });

  it('loads sanitized-mbpp.json, a JSON array: 427 rows', async () => {
    const loaded = await loadDataset(
      {
        hub: hub('google-research-datasets/mbpp', 'y.parquet'),
        localFile: 'mbpp/sanitized-mbpp.json',
      },
      offline,
    );
    expect(loaded.rows).toHaveLength(427);
  });
});

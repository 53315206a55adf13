/**
 * Each task's published address is the one scripts/data-sources.tsv fetched its local file from:
 * a task whose data lives in a GitHub repository names `host: 'github'` (else passk would ask the
 * Hugging Face Hub for a repository that is not there), the same commit and path, and the same
 * sha256 when it pins one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GITHUB_URL, githubFileUrl } from '../datasets/hub.js';
import { tasks } from './index.js';

const tsv = readFileSync(
  fileURLToPath(new URL('../../scripts/data-sources.tsv', import.meta.url)),
  'utf8',
);
/** path → [kind, url, sha256] of scripts/data-sources.tsv. */
const sources = new Map(
  tsv
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'))
    .map(([path, kind, url, sha256]) => [path ?? '', { kind, url: url ?? '', sha256 }]),
);
const RAW = /^https:\/\/raw\.githubusercontent\.com\/([^/]+\/[^/]+)\//;

describe('dataset addresses', () => {
  it("match the GitHub file data-sources.tsv fetched each task's local file from", async () => {
    const checked: string[] = [];
    for (const name of tasks.names()) {
      const { dataset } = await tasks.get(name);
      const source = dataset.localFile === undefined ? undefined : sources.get(dataset.localFile);
      const githubRepo = source && source.kind === 'file' ? RAW.exec(source.url)?.[1] : undefined;
      if (source === undefined || githubRepo !== dataset.hub.repo) continue;
      expect({
        name,
        url: githubFileUrl(DEFAULT_GITHUB_URL, dataset.hub),
        host: dataset.hub.host,
      }).toEqual({
        name,
        url: source.url,
        host: 'github',
      });
      if (dataset.hub.sha256 !== undefined) expect(dataset.hub.sha256, name).toBe(source.sha256);
      checked.push(name);
    }
    expect(checked).toEqual(expect.arrayContaining(['classeval', 'mceval-c', 'humaneval-pro']));
  });
});

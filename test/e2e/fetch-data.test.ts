import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

const script = join(repoRoot, 'scripts/fetch-data.sh');
const KINDS = ['file', 'gzip', 'json', 'jsonl-gz', 'tree', 'manual'];

interface Row {
  path: string;
  kind: string;
  url: string;
  sha256: string;
  note: string;
}

function parseTable(text: string): Row[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('path\t'))
    .map((line) => {
      const cells = line.split('\t');
      expect(cells, line).toHaveLength(5);
      const [path, kind, url, sha256, note] = cells as [string, string, string, string, string];
      return { path, kind, url, sha256, note };
    });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const contentSha = (file: string) => {
  const bytes = readFileSync(file);
  return sha(file.endsWith('.gz') ? gunzipSync(bytes) : bytes);
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function fetchData(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync('bash', [script, ...args], {
    env: { PATH: process.env['PATH'], ...env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Hashes SOURCES.md gives per file (a prefix, or the whole value): content (raw) ones. */
function sourcesHashes(text: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const line of text.split('\n').filter((l) => l.startsWith('| '))) {
    const cells = line.split('|').map((c) => c.trim().replaceAll('`', ''));
    const path = cells[1];
    if (path === undefined || !/^[\w.-]+\/\S+$/.test(path)) continue;
    const raw = /raw ([0-9a-f]{64})/.exec(line)?.[1];
    const hexes = [...line.matchAll(/([0-9a-f]{16,64})…?/g)].map((m) => m[1]!);
    const content = raw ?? hexes.at(-1);
    if (content !== undefined) hashes.set(path, content);
  }
  return hashes;
}

const table = parseTable(readFileSync(join(repoRoot, 'scripts/data-sources.tsv'), 'utf8'));

describe('scripts/data-sources.tsv', () => {
  it('is well formed: known kinds, one row per path, a sha256 each, https URLs at pinned versions', () => {
    expect(table.length).toBeGreaterThan(50);
    expect(new Set(table.map((r) => r.path)).size).toBe(table.length);
    for (const row of table) {
      expect(KINDS, row.path).toContain(row.kind);
      expect(row.sha256, row.path).toMatch(/^[0-9a-f]{64}$/);
      if (row.kind === 'manual') {
        expect(row.url, row.path).toBe('-');
        expect(row.note, row.path).toContain('SOURCES.md');
      } else {
        expect(row.url, row.path).toMatch(/^https:\/\//);
        // pinned: a commit sha or a release tag in the URL, never a moving branch
        expect(row.url, row.path).toMatch(/\/[0-9a-f]{8,40}(\/|$)|\/download\/v[\d.]+\//);
      }
      if (row.kind === 'gzip' || row.kind === 'jsonl-gz') expect(row.path).toMatch(/\.gz$/);
    }
  });

  it('agrees with SOURCES.md and with the data here, and covers every data file', () => {
    const dataDir = requireData('SOURCES.md');
    const documented = sourcesHashes(readFileSync(join(dataDir, 'SOURCES.md'), 'utf8'));
    expect(documented.size).toBeGreaterThan(40);
    let compared = 0;
    for (const [path, prefix] of documented) {
      const row = table.find((r) => r.path === path);
      expect(row, `${path} is in SOURCES.md but not in the table`).toBeDefined();
      expect(row?.sha256.startsWith(prefix), path).toBe(true);
      compared++;
    }
    expect(compared).toBe(documented.size);
    const covered = new Set<string>();
    for (const row of table.filter((r) => r.kind !== 'tree')) {
      expect(contentSha(join(dataDir, row.path)), row.path).toBe(row.sha256);
      covered.add(row.path);
    }
    for (const row of table.filter((r) => r.kind === 'tree')) {
      for (const file of filesUnder(join(dataDir, row.path))) covered.add(relative(dataDir, file));
    }
    const all = filesUnder(dataDir).map((f) => relative(dataDir, f));
    expect(all.filter((f) => f !== 'SOURCES.md' && !covered.has(f))).toEqual([]);
  });
});

describe('scripts/fetch-data.sh', () => {
  it('--dry-run on the shared data: every entry present and verified, nothing to fetch', () => {
    const dataDir = requireData();
    const run = fetchData(['--dry-run', '--dest', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`fetch-data: ${table.length} present, 0 to fetch, 0 failed`);
  });

  it('--dry-run into an empty folder lists every download and writes nothing', async () => {
    const dest = join(await tempDir(), 'data');
    const run = fetchData(['--dry-run', '--dest', dest]);
    expect(run.code, run.stderr).toBe(0);
    const manual = table.filter((r) => r.kind === 'manual');
    for (const row of table.filter((r) => r.kind !== 'manual')) {
      expect(run.stdout).toContain(`fetch   ${row.path} <- ${row.url} (${row.kind})`);
    }
    for (const row of manual) expect(run.stdout).toContain(`manual  ${row.path}: `);
    expect(run.stdout).toContain(
      `0 present, ${table.length - manual.length} to fetch, 0 failed, ${manual.length} manual`,
    );
    expect(existsSync(dest)).toBe(false);
  });

  it('downloads, stores and checks each kind; a wrong checksum fails and leaves nothing', async () => {
    const root = await tempDir();
    const src = join(root, 'src');
    await mkdir(join(src, 'archive-top', 'sub'), { recursive: true });
    const rows = [{ id: 1 }, { id: 2, s: 'é' }];
    await writeFile(join(src, 'a.jsonl'), '{"x": 1}\n');
    await writeFile(join(src, 'b.jsonl'), '{"y": 2}\n');
    await writeFile(join(src, 'c.json'), JSON.stringify(rows, null, 4));
    await writeFile(join(src, 'archive-top', 'keep.txt'), 'kept\n');
    await writeFile(join(src, 'archive-top', 'sub', 'deep.txt'), 'deep\n');
    await writeFile(join(src, 'archive-top', 'other.txt'), 'not a member\n');
    spawnSync('tar', ['-czf', join(src, 'tree.tar.gz'), '-C', src, 'archive-top']);
    const h = (text: string) => sha(Buffer.from(text));
    // what the stored forms hold: json.dumps of the list, one json.dumps line per element
    const jsonText = '[{"id": 1}, {"id": 2, "s": "\\u00e9"}]';
    const linesText = '{"id": 1}\n{"id": 2, "s": "\\u00e9"}\n';
    // the tree's checksum: of `sha256sum` over its member files, in path order
    const treeSha = h(`${h('kept\n')}  keep.txt\n${h('deep\n')}  sub/deep.txt\n`);
    const url = (file: string) => `file://${join(src, file)}`;
    const tsv = [
      'path\tkind\turl\tsha256\tnote',
      `x/a.jsonl\tfile\t${url('a.jsonl')}\t${h('{"x": 1}\n')}\t`,
      `x/b.jsonl.gz\tgzip\t${url('b.jsonl')}\t${h('{"y": 2}\n')}\t`,
      `x/c.json\tjson\t${url('c.json')}\t${h(jsonText)}\t`,
      `x/c.jsonl.gz\tjsonl-gz\t${url('c.json')}\t${h(linesText)}\t`,
      `t\ttree\t${url('tree.tar.gz')}\t${treeSha}\tkeep.txt sub`,
      `x/derived.jsonl\tmanual\t-\t${h('')}\tmade by hand (SOURCES.md)`,
    ].join('\n');
    await writeFile(join(root, 'table.tsv'), `${tsv}\n`);
    const dest = join(root, 'data');
    const env = { PASSK_DATA_SOURCES: join(root, 'table.tsv') };

    const first = fetchData(['--dest', dest], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('0 present, 5 fetched, 0 failed, 1 manual');
    expect(await readFile(join(dest, 'x/a.jsonl'), 'utf8')).toBe('{"x": 1}\n');
    expect(gunzipSync(readFileSync(join(dest, 'x/b.jsonl.gz'))).toString()).toBe('{"y": 2}\n');
    expect(await readFile(join(dest, 'x/c.json'), 'utf8')).toBe(jsonText);
    expect(gunzipSync(readFileSync(join(dest, 'x/c.jsonl.gz'))).toString()).toBe(linesText);
    expect(await readFile(join(dest, 't/sub/deep.txt'), 'utf8')).toBe('deep\n');
    expect(existsSync(join(dest, 't/other.txt'))).toBe(false);

    const again = fetchData(['--dest', dest], env);
    expect(again.stdout).toContain('5 present, 0 fetched, 0 failed, 1 manual');

    const bad = tsv.replace(`x/a.jsonl\tfile`, `x/z.jsonl\tfile`).replace(h('{"x": 1}\n'), h('x'));
    await writeFile(join(root, 'table.tsv'), `${bad}\n`);
    const refused = fetchData(['--dest', dest, '--only', 'x/z'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('FAILED x/z.jsonl: sha256 mismatch');
    expect(existsSync(join(dest, 'x/z.jsonl'))).toBe(false);
  });

  it('a test without the data names the missing file and how to get it', () => {
    const message = (() => {
      try {
        requireData('no-such-benchmark/file.jsonl');
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(
      /^missing \S*no-such-benchmark\/file\.jsonl: run scripts\/fetch-data\.sh .* or set PASSK_DATA_DIR/,
    );
  });
});

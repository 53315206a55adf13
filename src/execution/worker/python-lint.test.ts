/**
 * passk's own Python (the in-sandbox worker, the stdio driver, the environment probes, bench/ and
 * scripts/) is checked like its TypeScript: ruff's WebAssembly build lints every file with
 * ruff.toml's rules, and pyright (on node, no network) type-checks them in basic mode
 * (pyrightconfig.json). Test fixtures under test/ are candidate programs and attacks: not checked.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-nodejs';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CHECKED_DIRS = ['src', 'bench', 'scripts'];

/** Every .py file under `dir` (relative to the repository), caches left out. */
function pythonFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== '__pycache__') found.push(...pythonFiles(path));
    else if (entry.isFile() && entry.name.endsWith('.py')) found.push(path);
  }
  return found;
}

/** ruff.toml as ruff's settings object, parsed by Python's own TOML reader. */
function ruffSettings(): object {
  const script =
    'import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], "rb"))))';
  const text = execFileSync('/usr/bin/python3', ['-c', script, join(ROOT, 'ruff.toml')], {
    encoding: 'utf8',
  });
  return JSON.parse(text) as object;
}

/**
 * ruff.toml's `[lint.per-file-ignores]` as a file → ignored codes lookup: ruff's WebAssembly
 * build checks a text without its path, so the test applies them (a `*` matches within a folder).
 */
function perFileIgnores(settings: object): (file: string) => readonly string[] {
  const table = (settings as { lint?: { 'per-file-ignores'?: Record<string, string[]> } }).lint?.[
    'per-file-ignores'
  ];
  const rules = Object.entries(table ?? {}).map(([glob, codes]) => {
    const pattern = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
    return { match: new RegExp(`^${pattern}$`), codes };
  });
  return (file) => rules.filter((rule) => rule.match.test(file)).flatMap((rule) => rule.codes);
}

/** `file:line: CODE message` for each of ruff's findings in `files`. */
function ruffFindings(
  files: readonly string[],
  read = (f: string) => readFileSync(join(ROOT, f), 'utf8'),
): string[] {
  const settings = ruffSettings();
  const ignored = perFileIgnores(settings);
  const workspace = new Workspace(settings, PositionEncoding.Utf16);
  const findings: string[] = [];
  for (const file of files) {
    const diagnostics = workspace.check(read(file)) as {
      code: string | null;
      message: string;
      start_location: { row: number };
    }[];
    for (const d of diagnostics) {
      if (ignored(file).includes(d.code ?? '')) continue;
      findings.push(`${file}:${d.start_location.row}: ${d.code} ${d.message}`);
    }
  }
  workspace.free();
  return findings;
}

interface PyrightReport {
  generalDiagnostics: {
    file: string;
    severity: string;
    message: string;
    rule?: string;
    range: { start: { line: number } };
  }[];
}

/** pyright's errors and warnings for the project (pyrightconfig.json), or for `project` instead. */
function pyrightFindings(project = join(ROOT, 'pyrightconfig.json')): string[] {
  const cli = join(ROOT, 'node_modules', 'pyright', 'index.js');
  const run = spawnSync(process.execPath, [cli, '--outputjson', '-p', project], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const report = JSON.parse(run.stdout) as PyrightReport;
  return report.generalDiagnostics
    .filter((d) => d.severity !== 'information')
    .map(
      (d) =>
        `${relative(ROOT, d.file)}:${d.range.start.line + 1}: ${d.rule ?? d.severity} ${d.message}`,
    );
}

const FILES = CHECKED_DIRS.flatMap(pythonFiles);

describe("passk's Python", () => {
  it('is found where it lives (the worker, the stdio driver, the environment probes, bench)', () => {
    for (const file of [
      'src/execution/worker/runner.py',
      'src/execution/worker/worker.py',
      'src/execution/stdio/driver.py',
      'src/execution/environments/probe_modules.py',
      'bench/judge_floor.py',
    ]) {
      expect(FILES).toContain(file);
    }
  });

  it('passes ruff (ruff.toml: pyflakes, syntax errors, bugbear)', () => {
    expect(ruffFindings(FILES)).toEqual([]);
  });

  it('passes pyright in basic mode (pyrightconfig.json)', { timeout: 240_000 }, () => {
    expect(pyrightFindings()).toEqual([]);
  });

  it('reports an undefined name in a worker file (ruff, F821)', () => {
    const file = 'src/execution/worker/fork_run.py';
    const broken = `${readFileSync(join(ROOT, file), 'utf8')}\n\ndef later():\n    return undefined_helper()\n`;
    expect(ruffFindings([file], () => broken)).toEqual([
      expect.stringMatching(
        /^src\/execution\/worker\/fork_run\.py:\d+: F821 Undefined name `undefined_helper`$/,
      ),
    ]);
  });
});

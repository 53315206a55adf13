import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { HOSTILE_PROGRAM, syntheticRun } from './__fixtures__/synthetic-run.js';
import { openRunDb, RunStoreError } from './open.js';
import { defaultDbPath } from './paths.js';
import { findRun, listRuns, loadRunDetail } from './query.js';
import { recordRun } from './record.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'passk-db-'));

describe('run store', () => {
  it('round-trips a run: summary, problems with prompts, every sample with its verdict', () => {
    const db = openRunDb(':memory:');
    const run = syntheticRun({ n: 3 });
    const id = recordRun(db, { ...run, runDir: '/tmp/some-run', model: { name: 'reference' } });
    const detail = loadRunDetail(db, id)!;
    expect(detail.summary).toMatchObject({
      id,
      task: 'synthetic',
      model: 'reference',
      runDir: '/tmp/some-run',
      problems: 4,
      samples: 12,
    });
    // Problems pass 3, 2, 1 and 0 of their 3 samples: pass@1 = (1 + 2/3 + 1/3 + 0) / 4.
    expect(detail.summary.passAt1).toBeCloseTo(0.5, 12);
    expect(detail.problems.map((p) => p.id)).toEqual(run.problems.map((p) => p.id));
    expect(detail.problems[2]!.prompt).toBe(run.problems[2]!.prompt);
    expect(detail.samples).toHaveLength(12);
    const hostile = detail.samples.find((s) => s.problemId === 'synthetic/1' && s.sample === 0)!;
    expect(hostile.program).toBe(HOSTILE_PROGRAM);
    const failed = detail.samples.find((s) => s.verdict?.status === 'error')!;
    expect(failed.verdict).toMatchObject({ errorType: 'NameError' });
    expect(detail.metrics).toEqual(run.metrics);
    expect(detail.provenance.machine.cpus).toBeGreaterThan(0);
    expect(detail.provenance.dataset?.sha256).toBe('f'.repeat(64));
    db.close();
  });

  it("keeps each verdict's tamper flag and the run's count (metrics.json tamper)", () => {
    const db = openRunDb(':memory:');
    const flagged = (i: number, j: number) =>
      i === 2 && j === 1
        ? { status: 'failed' as const, errorType: 'Tamper', tamper: 'trace-hook' }
        : { status: 'passed' as const };
    const run = syntheticRun({ n: 2, verdict: flagged });
    const detail = loadRunDetail(db, recordRun(db, run))!;
    const tampered = detail.samples.filter((s) => s.verdict?.tamper !== undefined);
    expect(tampered.map((s) => [s.problemId, s.sample, s.verdict?.tamper])).toEqual([
      ['synthetic/2', 1, 'trace-hook'],
    ]);
    expect(detail.metrics?.tamper).toMatchObject({ samples: 1, cheating_rate: 1 / 8 });
    db.close();
  });

  it('upgrades a store written before tamper flags: its verdicts read as unflagged', () => {
    const file = join(tmp(), 'v1.db');
    const v1 = new Database(file);
    v1.exec(MIGRATIONS[0]!);
    v1.pragma('user_version = 1');
    v1.close();
    const db = openRunDb(file);
    const detail = loadRunDetail(db, recordRun(db, syntheticRun({ n: 1 })))!;
    expect(detail.samples.every((s) => s.verdict?.tamper === undefined)).toBe(true);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('stores each text once, however many runs and samples share it', () => {
    const db = openRunDb(':memory:');
    const run = syntheticRun({ n: 2 });
    recordRun(db, run);
    const texts = () => (db.prepare('SELECT count(*) AS n FROM texts').get() as { n: number }).n;
    const once = texts();
    recordRun(db, run);
    expect(texts()).toBe(once);
    expect(listRuns(db)).toHaveLength(2);
    db.close();
  });

  it('finds runs by id, unique prefix, latest and run dir; lists newest first', () => {
    const db = openRunDb(':memory:');
    const run = syntheticRun();
    const old = recordRun(db, { ...run, id: 'aaaa1111', createdAt: new Date('2026-01-01') });
    recordRun(db, { ...run, id: 'aaaa2222', createdAt: new Date('2026-02-01'), runDir: '/r/x' });
    expect(listRuns(db).map((r) => r.id)).toEqual(['aaaa2222', old]);
    expect(findRun(db, 'aaaa1')?.id).toBe(old);
    expect(findRun(db, 'latest')?.id).toBe('aaaa2222');
    expect(findRun(db, '/r/x')?.id).toBe('aaaa2222');
    expect(findRun(db, 'ffff')).toBeUndefined();
    expect(() => findRun(db, 'aaaa')).toThrow(/prefix 'aaaa' matches aaaa\d{4}, aaaa\d{4}/);
    // A user's mistake, not a bug: a PasskError the CLI prints in one line (exit 2).
    expect(() => findRun(db, 'aaaa')).toThrow(RunStoreError);
    expect(listRuns(db, { task: 'other' })).toEqual([]);
    expect(listRuns(db, { limit: 1 })).toHaveLength(1);
    db.close();
  });

  it('keeps one run per run directory: a run recorded into it replaces the one it held', () => {
    const db = openRunDb(':memory:');
    const run = syntheticRun({ n: 2 });
    const elsewhere = recordRun(db, { ...run, runDir: '/r/other' });
    recordRun(db, { ...run, runDir: '/r/x', createdAt: new Date('2026-01-01') });
    const again = recordRun(db, { ...run, runDir: '/r/x', createdAt: new Date('2026-02-01') });
    expect(listRuns(db).map((r) => r.id)).toEqual([elsewhere, again]);
    const samples = db.prepare('SELECT count(*) AS n FROM samples').get() as { n: number };
    expect(samples.n).toBe(2 * run.records.length);
    db.close();
  });

  it('records nothing when a verdict has no sample (one transaction)', () => {
    const db = openRunDb(':memory:');
    const run = syntheticRun();
    const orphan = { ...run.results[0]!, sample: 99 };
    expect(() => recordRun(db, { ...run, results: [...run.results, orphan] })).toThrow(
      /FOREIGN KEY/,
    );
    expect(listRuns(db)).toEqual([]);
    db.close();
  });

  it('refuses a store from a newer passk and a file that is not a store', () => {
    const dir = tmp();
    const newer = join(dir, 'newer.db');
    const db = openRunDb(newer);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openRunDb(newer)).toThrow(RunStoreError);
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not sqlite at all, just text that is long enough to have a header');
    expect(() => openRunDb(junk)).toThrow(/not a usable passk run store/);
    expect(() => openRunDb(join(dir, 'missing.db'), { readonly: true })).toThrow(RunStoreError);
  });

  it('puts the store beside the run dir unless PASSK_DB says otherwise', () => {
    expect(defaultDbPath('/x/passk-runs/he-1', {})).toBe('/x/passk-runs/passk.db');
    expect(defaultDbPath('/tmp/he-ref', { PASSK_DB: '/data/all.db' })).toBe('/data/all.db');
    expect(defaultDbPath(undefined, {})).toBe(join(process.cwd(), 'passk-runs', 'passk.db'));
  });
});

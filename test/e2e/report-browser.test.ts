import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOSTILE_PROGRAM,
  type SyntheticVerdict,
  syntheticRun,
} from '../../src/store/db/__fixtures__/synthetic-run.js';
import { saveRun } from '../../src/store/db/save.js';
import { type LaunchedBrowser, launchChromium } from '../helpers/chromium.js';
import { runCli, tempDir } from '../helpers/cli.js';

/**
 * `passk report` in real headless Chromium: two recorded runs (4 problems × 3 samples each,
 * one program an XSS attempt), the report written by the CLI, then opened from file:// with
 * console errors, dialogs and network requests all counted as failures.
 */
describe('passk report in a browser', () => {
  let browser: LaunchedBrowser;
  let page: Page;
  const problems: string[] = [];
  const trouble: string[] = [];
  let runA: ReturnType<typeof syntheticRun>;

  beforeAll(async () => {
    const dir = await tempDir('passk-report-');
    const db = join(dir, 'passk.db');
    runA = syntheticRun({ n: 3 });
    // Run B: problem 0 now fails everywhere, problem 3 now passes everywhere; one of problem
    // 2's failing samples is flagged as an attack on the harness.
    const runB = syntheticRun({
      n: 3,
      verdict: (p, s, n): SyntheticVerdict =>
        p === 0
          ? { status: 'error', errorType: 'SyntaxError', message: 'invalid syntax' }
          : p === 3
            ? { status: 'passed' }
            : {
                status: s < n - p ? 'passed' : 'failed',
                errorType: 'AssertionError',
                ...(p === 2 && s === 2 ? { tamper: 'trace-hook' } : {}),
              },
    });
    const a = await saveRun({ ...runA, db, model: { name: 'model-a' }, toolchain: {} });
    const b = await saveRun({ ...runB, db, model: { name: 'model-b' }, toolchain: {} });
    const out = join(dir, 'report.html');
    const cli = await runCli(['report', a.runId, b.runId, '--db', db, '-o', out]);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    problems.push(...runA.problems.map((p) => p.id));
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') trouble.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (error) => trouble.push(`page error: ${error.message}`));
    page.on('dialog', (dialog) => {
      trouble.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) trouble.push(`request: ${request.url()}`);
    });
    await page.goto(pathToFileURL(out).href, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('loads with no console errors, dialogs or network requests', () => {
    expect(trouble).toEqual([]);
  });

  it('has one grid cell per sample of each run', async () => {
    expect(await page.locator('.grid[data-run="0"] .cell').count()).toBe(12);
    expect(await page.locator('.grid[data-run="1"] .cell').count()).toBe(12);
  });

  it("shows the clicked sample's program, prompt and verdict", async () => {
    const detail = page.locator('#detail');
    expect(await detail.isHidden()).toBe(true);
    // Grid order is problem then sample: cell 3·2 + 1 is problem 2, sample 1.
    await page.locator('.grid[data-run="0"] .cell').nth(7).click();
    expect(await detail.isVisible()).toBe(true);
    const record = runA.records.find((r) => r.problemId === problems[2] && r.sample === 1)!;
    expect(await page.locator('[data-field="program"]').textContent()).toBe(record.program);
    expect(await page.locator('[data-field="prompt"]').textContent()).toBe(
      runA.problems[2]!.prompt,
    );
    expect(await page.locator('[data-field="title"]').textContent()).toBe(
      `${problems[2]} · sample 1`,
    );
    const result = runA.results.find((r) => r.task_id === problems[2] && r.sample === 1)!;
    expect(await page.locator('[data-field="status"]').textContent()).toBe(result.status);
  });

  it('shows a hostile program as text and runs none of it', async () => {
    await page.locator('.grid[data-run="0"] .cell').nth(3).click();
    expect(await page.locator('[data-field="program"]').textContent()).toBe(HOSTILE_PROGRAM);
    expect(await page.locator('#detail img').count()).toBe(0);
    expect(trouble).toEqual([]);
  });

  it('compares the two runs, naming the problems that changed', async () => {
    const column = (i: number) =>
      page.locator('#comparison .two-col > div').nth(i).locator('li .mono').allTextContents();
    expect(await column(0)).toEqual(['synthetic/3']);
    expect(await column(1)).toEqual(['synthetic/0']);
  });

  it('names each run by its model and id', async () => {
    const names = await page.locator('.card h2').allTextContents();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^model-a · [0-9a-f]{8}$/);
    expect(names[1]).toMatch(/^model-b · [0-9a-f]{8}$/);
  });

  it('shows the cheating rate beside pass@k on the card of the run with a tamper flag only', async () => {
    const rates = page.locator('.card').nth(1).locator('.score-tamper');
    expect(await rates.count()).toBe(1);
    expect(await rates.locator('.score-v').textContent()).toBe('8.3%');
    expect(await rates.locator('.score-ci').textContent()).toBe('1 of 12 samples flagged');
    expect(await rates.isVisible()).toBe(true);
    expect(await page.locator('.card').nth(0).locator('.score-tamper').count()).toBe(0);
  });

  it('compares the runs at every k both reach', async () => {
    const ks = await page
      .locator('#comparison .ks-table tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-k')));
    expect(ks).toEqual(['1', '2', '3']);
  });

  it('draws the pass-rate histogram and one scatter point per shared problem', async () => {
    expect(await page.locator('#distribution svg.histogram rect.hbar').count()).toBe(7 * 2);
    // Run A: problem i passes 3 − i of 3 samples; its bins 0% (1), 21–40 (1), 61–80 (1), 100 (1).
    const heightsA = await page
      .locator('#distribution rect.hbar[data-run="0"]')
      .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('height')) > 0));
    expect(heightsA).toEqual([true, false, true, false, true, false, true]);
    const points = await page
      .locator('#distribution svg.scatter circle.point')
      .evaluateAll((cs) => cs.reduce((sum, c) => sum + Number(c.getAttribute('data-n')), 0));
    expect(points).toBe(4);
  });

  it('sorts the problem table by a column, both ways', async () => {
    await page.keyboard.press('Escape'); // the detail panel would cover the table
    const firstIds = () => page.locator('#problem-table tbody tr td:first-child').allTextContents();
    const delta = page.locator('#problem-table button.sort', { hasText: 'B − A' });
    await delta.click();
    expect((await firstIds())[0]).toBe('synthetic/3');
    await delta.click();
    expect((await firstIds())[0]).toBe('synthetic/0');
  });

  it('lists failure messages per error type', async () => {
    const kinds = page.locator('#failures-1 details.failure-kind');
    const syntax = kinds.filter({ hasText: 'SyntaxError' });
    await syntax.locator('summary').click();
    expect(await syntax.locator('li code').first().textContent()).toBe('invalid syntax');
  });

  it('downloads the problems as CSV from the page itself', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('a.download[download="problems.csv"]').click(),
    ]);
    const path = await download.path();
    const lines = (await readFile(path, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('run,problem,n,c,pass_rate,top_failure');
    expect(lines).toHaveLength(1 + 4 * 2);
    expect(trouble).toEqual([]);
  });

  it('closes the detail panel with Escape', async () => {
    await page.keyboard.press('Escape');
    expect(await page.locator('#detail').isHidden()).toBe(true);
  });
});

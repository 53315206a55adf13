import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SyntheticVerdict,
  syntheticRun,
} from '../../src/store/db/__fixtures__/synthetic-run.js';
import { saveRun } from '../../src/store/db/save.js';
import { type LaunchedBrowser, launchChromium } from '../helpers/chromium.js';
import { runCli, tempDir } from '../helpers/cli.js';

/**
 * The two-run report's layout in real headless Chromium, on a 390 px phone and on a desktop:
 * nothing wider than the viewport, the runs' panels stacked on the phone, each grid inside its
 * card, the curve's series labels off its data, the scatter's circles inside its drawing, and
 * the warning `passk compare` gives for runs of different tasks.
 */

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1360, height: 900 } };

/** 40 problems × 20 samples; run A low (its curve runs along the bottom, under the labels). */
const lowRate = (p: number, s: number): SyntheticVerdict =>
  p >= 30 && s < 2 ? { status: 'passed' } : { status: 'failed', errorType: 'AssertionError' };
/**
 * Run B: every problem at 0% or 100%, 30 of them at A 0% → B 100%: the scatter's biggest
 * circle sits in its top left corner.
 */
const extremes = (p: number): SyntheticVerdict =>
  p < 30 || p % 2 === 0 ? { status: 'passed' } : { status: 'failed', errorType: 'AssertionError' };

type Box = { x: number; y: number; width: number; height: number };

describe('passk report layout on a phone and a desktop', () => {
  let browser: LaunchedBrowser;
  const pages = new Map<keyof typeof WIDTHS, Page>();

  beforeAll(async () => {
    const dir = await tempDir('passk-report-layout-');
    const db = join(dir, 'passk.db');
    const problems = Array.from({ length: 40 }, (_, i) => ({
      id: `HumanEval/${i}`,
      language: 'python',
      prompt: `def f${i}(x):\n`,
      datasetPrompt: `def f${i}(x):\n`,
      tests: `assert f${i}(1)\n`,
      entryPoint: `f${i}`,
      meta: {},
    }));
    const runA = syntheticRun({ task: 'humaneval', problems, n: 20, verdict: lowRate });
    const runB = syntheticRun({ task: 'mbpp', problems, n: 20, verdict: extremes });
    const model = (name: string) => ({ name, toolchain: {} });
    const a = await saveRun({ ...runA, db, model: model('a-rather-long-model-name-7b-instruct') });
    const b = await saveRun({ ...runB, db, model: model('another-long-model-name-13b') });
    const out = join(dir, 'report.html');
    const cli = await runCli(['report', a.runId, b.runId, '--db', db, '-o', out]);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    browser = await launchChromium();
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(pathToFileURL(out).href, { waitUntil: 'load' });
      pages.set(name as keyof typeof WIDTHS, page);
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe.each(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[])('at the %s width', (name) => {
    const page = () => pages.get(name)!;

    it('is no wider than the viewport, and no element sticks out of it', async () => {
      const sizes = await page()
        .locator('body *')
        .evaluateAll((all) => {
          const html = all[0].ownerDocument.documentElement;
          const inner = html.ownerDocument.defaultView.innerWidth as number;
          const view = html.ownerDocument.defaultView;
          // inside a box that scrolls (or clips) sideways: that box is checked instead
          const scrolled = (e: (typeof all)[number]) => {
            for (let a = e.parentElement; a && a.tagName !== 'BODY'; a = a.parentElement) {
              if (view.getComputedStyle(a).overflowX !== 'visible') return true;
            }
            return false;
          };
          const sticksOut = (e: (typeof all)[number]) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.right > inner + 0.5 && !e.closest('[hidden]') && !scrolled(e);
          };
          // the outermost elements that stick out (not each of their descendants)
          const out = all
            .filter((e) => sticksOut(e) && !(e.parentElement && sticksOut(e.parentElement)))
            .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`);
          return { inner, doc: html.scrollWidth, out: out.slice(0, 12) };
        });
      expect(sizes.out).toEqual([]);
      expect(sizes.doc).toBeLessThanOrEqual(sizes.inner);
    });

    it('keeps each grid inside its card', async () => {
      for (const run of [0, 1]) {
        const grid = (await page().locator(`.grid[data-run="${run}"]`).boundingBox())!;
        const card = (await page().locator(`#grid-${run}`).boundingBox())!;
        expect(grid.x).toBeGreaterThanOrEqual(card.x);
        expect(grid.x + grid.width).toBeLessThanOrEqual(card.x + card.width);
        expect(card.x + card.width).toBeLessThanOrEqual(WIDTHS[name].width);
        const cells = await page()
          .locator(`.grid[data-run="${run}"] .cell`)
          .evaluateAll((all) => Math.max(...all.map((c) => c.getBoundingClientRect().right)));
        expect(cells).toBeLessThanOrEqual(card.x + card.width);
      }
    });

    it("keeps the curve's series labels off its lines, points and bands", async () => {
      const overlaps = await page()
        .locator('svg.chart.curve')
        .evaluate((svg) => {
          const labels = [...svg.querySelectorAll('.legend')].map((l) => l.getBoundingClientRect());
          const marks = [...svg.querySelectorAll('.series *')].map((m) =>
            m.getBoundingClientRect(),
          );
          type Rect = { left: number; right: number; top: number; bottom: number };
          const hit = (a: Rect, b: Rect) =>
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          return {
            labels: labels.length,
            hits: labels.filter((l) => marks.some((m) => hit(l, m))).length,
          };
        });
      expect(overlaps.labels).toBe(2);
      expect(overlaps.hits).toBe(0);
    });

    it("draws every scatter circle inside the svg's viewBox", async () => {
      const outside = await page()
        .locator('svg.chart.scatter')
        .evaluate((svg) => {
          const box = svg.viewBox.baseVal;
          return [...svg.querySelectorAll('circle.point')]
            .filter((c) => {
              const [x, y, r] = [c.cx.baseVal.value, c.cy.baseVal.value, c.r.baseVal.value];
              return (
                x - r < box.x ||
                y - r < box.y ||
                x + r > box.x + box.width ||
                y + r > box.y + box.height
              );
            })
            .map((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')} r ${c.getAttribute('r')}`);
        });
      expect(await page().locator('svg.chart.scatter circle.point').count()).toBeGreaterThan(1);
      expect(outside).toEqual([]);
    });

    it('shows the warning passk compare gives for runs of different tasks', async () => {
      const warning = page().locator('#comparison .warning');
      expect(await warning.allTextContents()).toContain(
        'warning: the runs scored different tasks: humaneval vs mbpp',
      );
      expect(await warning.first().isVisible()).toBe(true);
    });
  });

  it('stacks the two runs’ panels on the phone and sets them side by side on the desktop', async () => {
    const columns = async (page: Page): Promise<Box[]> =>
      (await Promise.all(
        [0, 1].map((i) => page.locator('.runs-2 > .run-col').nth(i).boundingBox()),
      )) as Box[];
    const [phoneA, phoneB] = await columns(pages.get('phone')!);
    expect(phoneB!.y).toBeGreaterThanOrEqual(phoneA!.y + phoneA!.height);
    expect(phoneA!.x + phoneA!.width).toBeLessThanOrEqual(WIDTHS.phone.width);
    const [deskA, deskB] = await columns(pages.get('desktop')!);
    expect(deskB!.x).toBeGreaterThanOrEqual(deskA!.x + deskA!.width);
    const cards = await pages
      .get('phone')!
      .locator('.cards > .card')
      .evaluateAll((all) =>
        all.map((c) => c.getBoundingClientRect().toJSON() as { top: number; bottom: number }),
      );
    expect(cards[1]!.top).toBeGreaterThanOrEqual(cards[0]!.bottom);
  });
});

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium (apt-get install -y chromium); CI installs it via scripts/setup.sh. */
export const CHROMIUM_PATH = process.env['PASSK_CHROMIUM'] ?? '/usr/bin/chromium';

/**
 * Flags for a root user on a machine with a closed network: no sandbox (root), no GPU, and none
 * of Chromium's own background connections, which this network refuses many at a time.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  /** The browser's only context (its pages share the fresh profile). */
  context: BrowserContext;
  /** Closes the browser and removes its profile directory. */
  close(): Promise<void>;
}

/**
 * Starts headless Chromium with a new, empty profile. Fails loudly, never skips, when Chromium
 * is missing: CI installs it, so a missing browser is a broken setup, not an optional test.
 *
 * @throws Error naming the path and the install command
 */
export async function launchChromium(): Promise<LaunchedBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium' (scripts/setup.sh does), or set PASSK_CHROMIUM`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), 'passk-chromium-'));
  // launchPersistentContext is playwright's way to pass a user-data-dir (it rejects
  // --user-data-dir in args); a fresh mkdtemp folder makes it a new, empty profile.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport: { width: 1360, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Redteam: Go's tests run in a test binary whose TestMain (passk's, go.ts) writes the end event
 * when m.Run returns 0. A program that appends test flags to os.Args while its package
 * initialises (`-test.run=^$`, `-test.list=.*`) made the binary run no test and return 0: a
 * wrong program passed. TestMain now writes the end event only when no flag but passk's own
 * (-test.timeout) was set. Issue 25: a `//go:linkname` to the generated main's list of tests, and
 * a test flag set through its Value (not seen as set), are refused as tampering; TestMain runs
 * the tests it lists itself. Real sandbox, real Go.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/execution/types.js';
import { runSources, securityExecutorForFile } from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/redteam');

/** One sandboxed executor (two slots) for this file's tests. */
const executor = securityExecutorForFile();

const program = (op: string) => `package add_test

import "testing"

func add(a int, b int) int { return a ${op} b }

func TestAdd(t *testing.T) {
	if add(2, 2) != 4 {
		t.Fatal("wrong")
	}
}
`;

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

/** Runs the attacks beside a right and a wrong program, whose verdicts must not move. */
async function beside(attacks: Record<string, string>): Promise<Map<string, Verdict>> {
  const sources = { right: program('+'), wrong: program('-'), ...attacks };
  const verdicts = await runSources(executor(), 'go', sources, LIMITS);
  expect(verdicts.get('right')?.status).toBe('passed');
  expect(verdicts.get('wrong')?.status).toBe('failed');
  return verdicts;
}

describe('Go: flags a program adds to its own test binary', () => {
  it('-test.run=^$ and -test.list from package initialisation do not pass', async () => {
    const verdicts = await beside({
      run: fixture('go-test-run-flag.go'),
      list: fixture('go-test-list-flag.go'),
    });
    for (const id of ['run', 'list']) {
      expect([id, verdicts.get(id)?.status]).not.toEqual([id, 'passed']);
    }
  }, 300_000);
});

describe('Go: reaching the test list (issue 25)', () => {
  it('a linkname to the generated main tests, or -test.run set through its Value, is tampering', async () => {
    const verdicts = await beside({
      linkname: fixture('go-linkname-tests.go'),
      flagValue: fixture('go-flag-value.go'),
    });
    expect(verdicts.get('linkname')).toMatchObject({ status: 'failed', tamper: 'linkname' });
    expect(verdicts.get('flagValue')).toMatchObject({ status: 'failed', tamper: 'test-flags' });
  }, 300_000);
});

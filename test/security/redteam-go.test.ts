/**
 * Redteam: Go's tests run in a test binary whose TestMain (passk's, go.ts) writes the end event
 * when m.Run returns 0. A program that appends test flags to os.Args while its package
 * initialises (`-test.run=^$`, `-test.list=.*`) made the binary run no test and return 0: a
 * wrong program passed. TestMain now writes the end event only when no flag but passk's own
 * (-test.timeout) was set. Real sandbox, real Go.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

describe('Go: flags a program adds to its own test binary', () => {
  it('-test.run=^$ and -test.list from package initialisation do not pass', async () => {
    const verdicts = await runSources(
      executor(),
      'go',
      {
        right: program('+'),
        wrong: program('-'),
        run: readFileSync(join(FIXTURES, 'go-test-run-flag.go'), 'utf8'),
        list: readFileSync(join(FIXTURES, 'go-test-list-flag.go'), 'utf8'),
      },
      LIMITS,
    );
    expect(verdicts.get('right')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.status).toBe('failed');
    for (const id of ['run', 'list']) {
      expect([id, verdicts.get(id)?.status]).not.toEqual([id, 'passed']);
    }
  }, 300_000);
});

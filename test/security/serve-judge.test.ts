import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasskServer } from '../../src/index.js';
import {
  post,
  TRUNCATE_PROMPT,
  TRUNCATE_RIGHT,
  TRUNCATE_WRONG,
  testServer,
} from '../helpers/serve.js';

/** Ends the process with status 0 before a single test runs. */
const EARLY_EXIT = `${TRUNCATE_PROMPT}    return 0\n\nimport os\nos._exit(0)\n`;
/** Returns an object equal to anything: `assert candidate(x) == y` holds in-process. */
const ALWAYS_EQUAL = `${TRUNCATE_PROMPT}    class Any(float):
        def __eq__(self, other):
            return True
        def __ne__(self, other):
            return False
        __hash__ = float.__hash__
    return Any(0)
`;
/** Rebinds `abs`, which the tests compare with (abs(candidate(x) - y) < 1e-6). */
const PATCH_ABS = `${TRUNCATE_PROMPT}    import builtins\n    builtins.abs = lambda x: 0\n    return 0.0\n`;

const item = (program: string) => ({ task: 'humaneval', problem_id: 'HumanEval/2', program });

describe('passk serve /judge: hostile programs in a batch (real sandbox)', () => {
  let server: PasskServer;
  beforeAll(async () => {
    server = await testServer({ workers: 2 });
  });
  afterAll(() => server.close());

  it('never passes them, and leaves the other items verdicts as they are alone', async () => {
    const alone = await post(`${server.url}/judge`, {
      items: [item(TRUNCATE_RIGHT), item(TRUNCATE_WRONG)],
    });
    const mixed = await post(`${server.url}/judge`, {
      items: [
        item(EARLY_EXIT),
        item(TRUNCATE_RIGHT),
        item(ALWAYS_EQUAL),
        item(TRUNCATE_WRONG),
        item(PATCH_ABS),
      ],
    });
    expect(mixed.status).toBe(200);
    const status = mixed.body.verdicts.map((v: { status: string }) => v.status);
    const reward = mixed.body.verdicts.map((v: { reward: number }) => v.reward);
    expect(reward).toEqual([0, 1, 0, 0, 0]);
    expect(status[1]).toBe(alone.body.verdicts[0].status);
    expect(status[3]).toBe(alone.body.verdicts[1].status);
    expect(status[0]).not.toBe('passed');
    expect(status[2]).not.toBe('passed');
    expect(status[4]).not.toBe('passed');
  });
});

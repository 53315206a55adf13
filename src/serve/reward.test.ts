import { describe, expect, it } from 'vitest';
import { rewardOf } from './judge.js';
import { rewardItems } from './reward.js';

describe('get_reward mapping', () => {
  it('reads task:problem_id at the first colon, and JSON labels with a mode', () => {
    expect(
      rewardItems({
        query: ['P1 body', 'P2 reply'],
        prompts: ['P1', 'P2'],
        labels: [
          'mbpp:Mbpp/2:x',
          '{"task": "humaneval", "problem_id": "HumanEval/0", "mode": "chat"}',
        ],
      }),
    ).toEqual([
      { task: 'mbpp', problem_id: 'Mbpp/2:x', completion: ' body' },
      { task: 'humaneval', problem_id: 'HumanEval/0', reply: ' reply' },
    ]);
  });

  it('says which query does not fit', () => {
    const one = (query: string, label: string) =>
      rewardItems({ query: [query], prompts: ['P'], labels: [label] });
    expect(one('X', 'humaneval:HumanEval/0')).toMatch(/query 0 does not start with its prompt/);
    expect(one('P', 'humaneval')).toMatch(/label 0: 'humaneval' is neither/);
    expect(one('P', '{"task": 1}')).toMatch(/label 0:/);
  });

  it('never makes an infra-error a reward', () => {
    expect([rewardOf('passed'), rewardOf('failed'), rewardOf('incomplete')]).toEqual([1, 0, 0]);
    expect(rewardOf('infra-error')).toBeNull();
  });
});

import { familyOf } from '../family.js';

/** LeetCode contest problems, dated (issue 17): --since / --until / --model-cutoff select by date. */
export const family = familyOf('leetcode-contest', {
  'leetcode-contest': async () => (await import('./task.js')).leetcodeContest,
});

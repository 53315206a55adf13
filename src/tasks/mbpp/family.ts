import { type Family, familyOf } from '../family.js';

export const family: Family = {
  ...familyOf('mbpp', { mbpp: async () => (await import('./task.js')).mbpp }),
  differences: () => [
    "tests: the row's test_setup_code runs before the asserts (one test problem has one, 367); bigcode's get_reference joins test_list only, so its tests for 367 see no `root`",
  ],
};

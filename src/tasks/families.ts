/**
 * The builtin benchmark families: one line each (a folder under src/tasks/ with its family.ts).
 * Adding a benchmark is its folder and its line here; src/tasks/index.ts registers every name.
 */
export { family as aiderPolyglot } from './aider-polyglot/family.js';
export { family as bigcodebench } from './bigcodebench/family.js';
export { family as classeval } from './classeval/family.js';
export { family as codeevalPro } from './codeeval-pro/family.js';
export { family as cruxeval } from './cruxeval/family.js';
export { family as cruxevalX } from './cruxeval-x/family.js';
export { family as ds1000 } from './ds1000/family.js';
export { family as gsm8k } from './gsm8k/family.js';
export { family as humaneval } from './humaneval/family.js';
export { family as humanevalX } from './humaneval-x/family.js';
export { family as humanevalpack } from './humanevalpack/family.js';
export { family as impossible } from './impossible/family.js';
export { family as infilling } from './infilling/family.js';
export { family as instruct } from './instruct/family.js';
export { family as bigcodeNames } from './kit/bigcode-family.js';
export { family as leetcodeContest } from './leetcode-contest/family.js';
export { family as libraryChecker } from './library-checker/family.js';
export { family as mbpp } from './mbpp/family.js';
export { family as mceval } from './mceval/family.js';
export { family as multiplE } from './multipl-e/family.js';
export { family as plus } from './plus/family.js';
export { family as quixbugs } from './quixbugs/family.js';
export { family as recode } from './recode/family.js';
export { family as stdio } from './stdio/family.js';

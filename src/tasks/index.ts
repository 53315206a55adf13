import { createRegistry } from '../core/registry.js';
import { family as aiderPolyglot } from './aider-polyglot/family.js';
import { family as bigcodebench } from './bigcodebench/family.js';
import { family as codeevalPro } from './codeeval-pro/family.js';
import { family as cruxeval } from './cruxeval/family.js';
import { family as ds1000 } from './ds1000/family.js';
import { registerFamilies } from './family.js';
import { family as gsm8k } from './gsm8k/family.js';
import { family as humaneval } from './humaneval/family.js';
import { family as humanevalX } from './humaneval-x/family.js';
import { family as humanevalpack } from './humanevalpack/family.js';
import { family as impossible } from './impossible/family.js';
import { family as infilling } from './infilling/family.js';
import { family as instruct } from './instruct/family.js';
import { family as bigcodeNames } from './kit/bigcode-family.js';
import { family as leetcodeContest } from './leetcode-contest/family.js';
import { family as mbpp } from './mbpp/family.js';
import { family as mceval } from './mceval/family.js';
import { family as multiplE } from './multipl-e/family.js';
import { family as plus } from './plus/family.js';
import { family as quixbugs } from './quixbugs/family.js';
import { family as recode } from './recode/family.js';
import { family as stdio } from './stdio/family.js';
import type { Task } from './types.js';

/** Every builtin benchmark family (one folder each, its names in its family.ts). */
export const families = [
  humaneval,
  mbpp,
  impossible,
  plus,
  instruct,
  humanevalX,
  multiplE,
  bigcodeNames,
  cruxeval,
  gsm8k,
  quixbugs,
  mceval,
  codeevalPro,
  aiderPolyglot,
  humanevalpack,
  recode,
  infilling,
  leetcodeContest,
  stdio,
  ds1000,
  bigcodebench,
];

/** Builtin benchmarks by task name, each loaded on first use. */
export const tasks = createRegistry<Task>('task');
registerFamilies(tasks, families);

export type { Problem, Task } from './types.js';
export { defineTask } from './types.js';

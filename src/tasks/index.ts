import { createRegistry } from '../core/registry.js';
import { aliasOf, BIGCODE_ALIASES, unstrippedOf } from './bigcode-names.js';
import { DS1000_FIM_FORMATS, DS1000_SELECTIONS, ds1000Name } from './ds1000/names.js';
import { multiplELanguages } from './multipl-e.js';
import type { Task } from './types.js';

/** Builtin benchmarks, loaded on first use. */
export const tasks = createRegistry<Task>('task');
tasks.register('humaneval', async () => (await import('./humaneval.js')).humaneval);
tasks.register(
  'humaneval-unstripped',
  async () => (await import('./humaneval.js')).humanevalUnstripped,
);
tasks.register('mbpp', async () => (await import('./mbpp.js')).mbpp);
// ImpossibleBench-style variants: one test per problem mutated, so pass@k is the cheating rate.
tasks.register(
  'humaneval-impossible',
  async () => (await import('./impossible/task.js')).humanevalImpossible as Task,
);
tasks.register(
  'mbpp-impossible',
  async () => (await import('./impossible/task.js')).mbppImpossible as Task,
);
tasks.register('humanevalplus', async () => (await import('./humanevalplus.js')).humanevalplus);
tasks.register('humanevalplus-unstripped', async () =>
  unstrippedOf((await import('./humanevalplus.js')).humanevalplus, 'humanevalplus-unstripped'),
);
tasks.register('mbppplus', async () => (await import('./mbppplus.js')).mbppplus);
tasks.register(
  'humanevalplus-inprocess',
  async () => (await import('./humanevalplus.js')).humanevalplusInProcess,
);
tasks.register('mbppplus-inprocess', async () => (await import('./mbppplus.js')).mbppplusInProcess);
tasks.register(
  'humaneval-instruct',
  async () => (await import('./instruct/humaneval-instruct.js')).humanevalInstruct,
);
tasks.register(
  'mbpp-instruct',
  async () => (await import('./instruct/mbpp-instruct.js')).mbppInstruct,
);

// bigcode-evaluation-harness's instruction protocol (instruction, then context), default tokens.
for (const withContext of [true, false]) {
  tasks.register(withContext ? 'instruct-humaneval' : 'instruct-humaneval-nocontext', async () =>
    (await import('./instruct/bigcode-instruct.js')).bigcodeInstructHumanEval({ withContext }),
  );
}

// Multi-language HumanEval: HumanEval-X (with canonical solutions) and MultiPL-E (tests only).
for (const dir of ['cpp', 'go', 'java', 'js', 'rust'] as const) {
  tasks.register(`humaneval-x-${dir}`, async () =>
    (await import('./humaneval-x.js')).humanEvalX(dir),
  );
}
// Every language whose folder names a MultiPL-E suffix, each also under bigcode's name
// `multiple-<suffix>` (registered with the others from BIGCODE_ALIASES below).
for (const { suffix } of multiplELanguages()) {
  tasks.register(`multipl-e-${suffix}`, async () =>
    (await import('./multipl-e.js')).multiplE(suffix),
  );
}

// bigcode-evaluation-harness's names (see bigcode-names.ts).
for (const [alias, target] of Object.entries(BIGCODE_ALIASES)) {
  tasks.register(alias, async () => aliasOf(await tasks.get(target), alias));
}

export type { Problem, Task } from './types.js';
export { defineTask } from './types.js';

// CRUXEval: input (-i) and output (-o) prediction, direct and chain-of-thought prompts.
for (const mode of ['input', 'output'] as const) {
  for (const cot of [false, true]) {
    tasks.register(`cruxeval-${mode === 'input' ? 'i' : 'o'}${cot ? '-cot' : ''}`, async () =>
      (await import('./cruxeval/task.js')).cruxEval(mode, cot),
    );
  }
}

// PAL-GSM8K (bigcode's pal-gsm8k-greedy / -majority_voting): accuracy and maj@k, not pass@k.
for (const rule of ['greedy', 'majority_voting'] as const) {
  tasks.register(`pal-gsm8k-${rule}`, async () => (await import('./gsm8k/task.js')).palGsm8k(rule));
}

// QuixBugs, Python repair (a folder dataset: --data-dir holding quixbugs/).
tasks.register('quixbugs', async () => (await import('./quixbugs/task.js')).quixbugs);
// McEval's C generation tasks.
tasks.register('mceval-c', async () => (await import('./mceval/task.js')).mcevalC);
// HumanEval Pro / MBPP Pro (CodeEval-Pro): self-invoking problems.
for (const name of ['humaneval-pro', 'mbpp-pro'] as const) {
  tasks.register(name, async () => (await import('./codeeval-pro/task.js')).codeEvalPro(name));
}
// Aider polyglot (issue 17): Exercism exercises, a second try with the test output (JavaScript's
// need Jest from npm: `scripts/setup.sh --task aider-polyglot-javascript`).
tasks.register('aider-polyglot', async () =>
  (await import('./aider-polyglot/task.js')).aiderPolyglot(),
);
for (const lang of ['cpp', 'go', 'java', 'javascript', 'python', 'rust'] as const) {
  tasks.register(`aider-polyglot-${lang}`, async () =>
    (await import('./aider-polyglot/task.js')).aiderPolyglot(lang),
  );
}

// HumanEvalPack (bigcode's instruct prompt): synthesize, fix with tests, fix with docs.
for (const language of ['python', 'js', 'java', 'go', 'cpp', 'rust'] as const) {
  for (const variant of ['synthesize', 'fixtests', 'fixdocs'] as const) {
    const name =
      variant === 'synthesize'
        ? `humanevalsynthesize-${language}`
        : `humaneval${variant}-${language}`;
    tasks.register(name, async () =>
      (await import('./humanevalpack/task.js')).humanEvalPack(language, variant),
    );
  }
}

// ReCode (bigcode's perturbed-humaneval-CATEGORY-num_seeds_N; N = 1, 5 and 10 registered).
for (const category of ['format', 'func_name', 'natgen', 'nlaugmenter'] as const) {
  for (const seeds of [1, 5, 10]) {
    tasks.register(`perturbed-humaneval-${category}-num_seeds_${seeds}`, async () =>
      (await import('./recode/task.js')).recode(category, seeds),
    );
  }
}

// HumanEval infilling: NAME (StarCoder FIM tokens) and NAME:FORMAT for the other model families
// (--fim-format FORMAT selects it); NAME:custom only when PASSK_FIM_TEMPLATE is set.
for (const set of ['single-line', 'multi-line', 'random-span', 'random-span-light'] as const) {
  const formats = ['starcoder', 'santacoder', 'codellama', 'deepseek', 'qwen'];
  if (process.env['PASSK_FIM_TEMPLATE']) formats.push('custom');
  for (const format of formats) {
    const name = `humaneval-infilling-${set}${format === 'starcoder' ? '' : `:${format}`}`;
    tasks.register(name, async () =>
      (await import('./infilling/task.js')).humanEvalInfilling(set, format),
    );
  }
}

// LeetCode contest problems, dated (issue 17): --since / --until / --model-cutoff select by date.
tasks.register(
  'leetcode-contest',
  async () => (await import('./leetcode-contest/task.js')).leetcodeContest,
);

// stdin/stdout problems from the user's JSONL file (--dataset-path FILE; see stdio/format.ts).
tasks.register('stdio', async () =>
  (await import('./stdio/task.js')).stdioTask('stdio', 'stdio/problems.jsonl'),
);

// DS-1000 (2024 format): all problems or one library, completion or insertion prompts; the
// insertion ones also in the other FIM layouts (NAME:FORMAT, as for HumanEval infilling).
for (const library of DS1000_SELECTIONS) {
  for (const mode of ['completion', 'insertion'] as const) {
    const formats = mode === 'completion' ? ['starcoder'] : [...DS1000_FIM_FORMATS];
    if (mode === 'insertion' && process.env['PASSK_FIM_TEMPLATE']) formats.push('custom');
    for (const format of formats) {
      tasks.register(ds1000Name(library, mode, format), async () =>
        (await import('./ds1000/task.js')).ds1000(library, mode, format),
      );
    }
  }
}

// HumanEvalPack explain: describe (generation only), then synthesize from the descriptions.
for (const language of ['python', 'js', 'java', 'go', 'cpp', 'rust'] as const) {
  tasks.register(`humanevalexplaindescribe-${language}`, async () =>
    (await import('./humanevalpack/explain-task.js')).humanEvalExplainDescribe(language),
  );
  tasks.register(`humanevalexplainsynthesize-${language}`, async () =>
    (await import('./humanevalpack/explain-task.js')).humanEvalExplainSynthesize(language),
  );
}

// BigCodeBench (v0.1.4, calibrated, as upstream) and BigCodeBench-Hard; `-v0.1.0_hf` for the
// first release (the uncalibrated mode is a library option: bigcodebench({ calibrated: false })).
for (const subset of ['full', 'hard'] as const) {
  for (const split of ['complete', 'instruct'] as const) {
    const name = `bigcodebench${subset === 'hard' ? '-hard' : ''}-${split}`;
    tasks.register(name, async () =>
      (await import('./bigcodebench/task.js')).bigcodebench({ split, subset }),
    );
    if (subset === 'full') {
      tasks.register(`${name}-v0.1.0_hf`, async () =>
        (await import('./bigcodebench/task.js')).bigcodebench({
          split,
          subset,
          version: 'v0.1.0_hf',
        }),
      );
    }
  }
}

/**
 * Acceptance (issue 10 item 1): where a passk task carries a bigcode-evaluation-harness name, the
 * prompts it sends are byte-identical to bigcode's, over every problem. bigcode's string logic is
 * reimplemented here in Python (real `str.strip()`, real f-strings), reading the same data files,
 * each line citing the bigcode function it follows; the stop sequences are compared too.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { requireData, requireTaskData } from '../../test/helpers/data.js';
import { loadDataset } from '../datasets/index.js';
import { tasks } from './index.js';
import { BIGCODE_ALIASES } from './kit/bigcode-names.js';

/** Prints {task: {prompts: [...], stops: [...]}} for bigcode's tasks, from the data dir argv[1]. */
const BIGCODE_PROMPTS_PY =
  String.raw`
import gzip, json, sys
data = sys.argv[1]

def rows(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(f"{data}/{path}", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]

out = {}
humaneval = rows("humaneval/HumanEval.jsonl.gz")
# bigcode_eval/tasks/humaneval.py, GeneralHumanEval.get_prompt: doc["prompt"].strip() if
# strip_prompt else doc["prompt"]; __init__: the stop_words list below.
he_stops = ["\nclass", "\ndef", "\n#", "\n@", "\nprint", "\nif", "\n` +
  '```' +
  String.raw`", "<file_sep>"]
out["humaneval"] = {"prompts": [d["prompt"].strip() for d in humaneval], "stops": he_stops}
out["humaneval-unstripped"] = {"prompts": [d["prompt"] for d in humaneval], "stops": he_stops}
# bigcode_eval/tasks/humanevalplus.py: GeneralHumanEvalPlus(GeneralHumanEval), same get_prompt
# and stop words; create_all_tasks: humanevalplus (strip) and humanevalplus-unstripped.
plus = rows("humanevalplus/HumanEvalPlus-v0.1.10.jsonl.gz")
out["humanevalplus"] = {"prompts": [d["prompt"].strip() for d in plus], "stops": he_stops}
out["humanevalplus-unstripped"] = {"prompts": [d["prompt"] for d in plus], "stops": he_stops}
# bigcode_eval/tasks/mbpp.py, MBPP.get_prompt: f'"""\n{description}\n{test_example}\n"""\n' with
# description = doc["text"], test_example = doc["test_list"][0]; the test split is ids 11..510.
mbpp = [d for d in rows("mbpp/mbpp.jsonl") if 11 <= d["task_id"] <= 510]
out["mbpp"] = {
    "prompts": [f'"""\n{d["text"]}\n{d["test_list"][0]}\n"""\n' for d in mbpp],
    "stops": ["\nclass", "\nassert", '\n"""', "\nprint", "\nif", "\n<|/", "\n` +
  '```' +
  String.raw`"],
}
# bigcode_eval/tasks/multiple.py, GeneralMultiPLE.get_prompt: doc["prompt"].strip(); __init__:
# stop_words = dataset["test"][0]["stop_tokens"] + ["<file_sep>"].
for lang in ["cpp", "java", "js", "ts", "go", "rs", "sh", "php", "rb", "lua", "pl", "r", "rkt", "scala", "cs", "d"]:
    docs = rows(f"multipl-e/humaneval-{lang}.jsonl")
    out[f"multiple-{lang}"] = {
        "prompts": [d["prompt"].strip() for d in docs],
        "stops": docs[0]["stop_tokens"] + ["<file_sep>"],
    }
print(json.dumps(out))
`;

interface BigcodeTask {
  prompts: string[];
  stops: string[];
}

function bigcodePrompts(): Record<string, BigcodeTask> {
  const bigcodeData = requireData(
    'humaneval/HumanEval.jsonl.gz',
    'humanevalplus/HumanEvalPlus-v0.1.10.jsonl.gz',
    'mbpp/mbpp.jsonl',
  );
  const run = spawnSync('python3', ['-I', '-c', BIGCODE_PROMPTS_PY, bigcodeData], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`bigcode prompt script failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, BigcodeTask>;
}

const bigcode = bigcodePrompts();

async function passkPrompts(name: string) {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return { task, problems: task.problems(loaded.rows, loaded.file) };
}

describe.each(Object.keys(bigcode))('bigcode task %s', (name) => {
  it('is a passk task of that name with byte-identical prompts on every problem', async () => {
    const { task, problems } = await passkPrompts(name);
    const expected = bigcode[name]!;
    expect(task.name).toBe(name);
    expect(problems).toHaveLength(expected.prompts.length);
    const differing = problems
      .map((problem, i) => (problem.prompt === expected.prompts[i] ? undefined : problem.id))
      .filter((id) => id !== undefined);
    expect(differing).toEqual([]);
    expect([...task.stopSequences]).toEqual(expected.stops);
  });
});

describe('bigcode names', () => {
  it('makes every alias the same task as its target, filed under the alias', async () => {
    for (const [alias, target] of Object.entries(BIGCODE_ALIASES)) {
      const [a, t] = [await passkPrompts(alias), await passkPrompts(target)];
      expect(a.task.name).toBe(alias);
      expect(a.problems.map((p) => p.prompt)).toEqual(t.problems.map((p) => p.prompt));
      expect(a.task.stopSequences).toEqual(t.task.stopSequences);
    }
  });

  it('strips both ends: HumanEval/2 and MultiPL-E prompts lose their leading and final blank', async () => {
    const { problems } = await passkPrompts('humaneval');
    const second = problems.find((p) => p.id === 'HumanEval/2')!;
    expect(second.datasetPrompt.startsWith('\n')).toBe(true);
    expect(second.prompt.startsWith('\n')).toBe(false);
    const js = (await passkPrompts('multiple-js')).problems[0]!;
    expect(js.datasetPrompt.endsWith('\n')).toBe(true);
    expect(js.prompt.endsWith('\n')).toBe(false);
  });
});

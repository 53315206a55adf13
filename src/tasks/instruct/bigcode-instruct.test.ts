/**
 * bigcode's `instruct-humaneval` / `instruct-humaneval-nocontext`: passk's prompts and
 * post-processing against a Python reimplementation of bigcode's string logic, on every problem
 * of a small dataset written for this test (the codeparrot/instructhumaneval schema; the real
 * dataset is not among passk's data files), with several delimiter sets and model outputs.
 */
import { spawnSync } from 'node:child_process';

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../datasets/index.js';
import { evaluate } from '../../pipeline/evaluate.js';
import {
  bigcodeInstructHumanEval,
  type InstructionTokens,
  removeAfterReturn,
} from './bigcode-instruct.js';

const FIXTURE = fileURLToPath(
  new URL('../../../test/fixtures/instruct-protocol-mini.jsonl', import.meta.url),
);

const TOKENS: InstructionTokens[] = [
  ['', '', '\n'],
  ['<|user|>\n', '<|end|>\n', '<|assistant|>\n'],
  ['### Instruction:\n', '\n\n', '### Response:\n'],
];

/** Model outputs after the prompt: a body, a body with trailing junk, a whole fenced answer, … */
const OUTPUTS = [
  '\n    return sum(xs)\n\nprint(total([1]))\n',
  '\n    y = 1\n    return y\n\nif __name__ == "__main__":\n    pass\n',
  '\n    return 1\ndef other():\n    return 2\n',
  'Here you go:\n```python\ndef quad(x: int) -> int:\n    return x * 4\n```\nDone.',
  '```\ndef shout(s: str) -> str:\n    return s.upper() + "!"\n\nclass X: pass\n```',
  '',
  '  return 0',
  '\n    return len(xs)\n<|user|>\nThanks!\n### Instruction:\nmore',
];

/** argv: rows JSON file, tokens JSON, outputs JSON → {with: {prompts, programs}, without: {…}}. */
const BIGCODE_INSTRUCT_PY =
  String.raw`
import json, re, sys
rows = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
user_token, end_token, assistant_token = json.loads(sys.argv[2])
outputs = json.loads(sys.argv[3])
stop_words = ["if __name__", "\nprint", "\nclass"]  # instruct_humaneval.py, InstructHumanEval.__init__
# generation.py, parallel_generations: non-blank instruction tokens are appended to stop_words.
stop_words += [t for t in (user_token, end_token, assistant_token) if t.strip() != ""]

def stop_at_stop_token(decoded_string, stop_tokens):  # instruct_humaneval.py, _stop_at_stop_token
    min_stop_index = len(decoded_string)
    for stop_token in stop_tokens:
        stop_index = decoded_string.find(stop_token)
        if stop_index != -1 and stop_index < min_stop_index:
            min_stop_index = stop_index
    return decoded_string[:min_stop_index]

def remove_after_return(code):  # utils.py, remove_after_return
    end_last_match = None
    for match in re.finditer(r"[^\n]+(\n|$)", code):
        start_match, end_match = match.span()
        if end_last_match is not None and start_match < len(code) and code[start_match].strip() != "":
            return code[0:start_match]
        end_last_match = end_match
    return code

def make_instruction_prompt(instruction, context, prefix=""):  # utils.py, _make_instruction_prompt
    return prefix + user_token + instruction + end_token + assistant_token + context

def with_context(generation, entry_point):  # InstructHumanEvalWithContext.postprocess_generation
    generation = stop_at_stop_token(generation, stop_words)
    func_index = generation.find(f"def {entry_point}")
    return generation[0:func_index] + remove_after_return(generation[func_index:])

def without_context(generation, prompt, function_name):  # InstructHumanEvalWithoutContext
    prefix = prompt[0 : prompt.find(f"def {function_name}")]
    sep_index = generation.find("` +
  '```' +
  String.raw`")
    if sep_index != -1:
        if generation[sep_index + 3 : sep_index + 9] == "python":
            generation = generation[sep_index + 9 :]
        else:
            generation = generation[sep_index + 3 :]
    generation = stop_at_stop_token(generation, stop_words)
    func_index = generation.find(f"def {function_name}")
    if func_index == -1:
        func_index = 0
    return_index = generation[func_index:].rfind("  return ")
    if return_index == -1:
        return_index = 0
    j = func_index + return_index
    n = len(generation)
    while j < n and generation[j] != "\n":
        j += 1
    sep_index_2 = generation.find("` +
  '```' +
  String.raw`")
    if sep_index_2 == -1:
        return prefix.strip() + "\n" + generation[func_index:j]
    return prefix.strip() + "\n" + generation[func_index : min(j, sep_index_2)]

out = {"with": {"prompts": [], "programs": []}, "without": {"prompts": [], "programs": []}}
for doc in rows:
    # get_prompt: {"instruction", "context"} with context, {"instruction", "context": ""} without.
    out["with"]["prompts"].append(make_instruction_prompt(doc["instruction"], doc["context"]))
    out["without"]["prompts"].append(make_instruction_prompt(doc["instruction"], ""))
    # update_code_gens + _parse_instruction: what follows the assistant delimiter is the context
    # (or nothing) followed by the model's output.
    out["with"]["programs"].append([with_context(doc["context"] + o, doc["entry_point"]) for o in outputs])
    out["without"]["programs"].append([without_context(o, doc["context"], doc["entry_point"]) for o in outputs])
out["stops"] = stop_words
print(json.dumps(out))
`;

function bigcodeReimplementation(tokens: InstructionTokens) {
  const run = spawnSync(
    'python3',
    ['-I', '-c', BIGCODE_INSTRUCT_PY, FIXTURE, JSON.stringify(tokens), JSON.stringify(OUTPUTS)],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`bigcode instruct script failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<
    'with' | 'without',
    { prompts: string[]; programs: string[][] }
  > & { stops: string[] };
}

async function problemsOf(withContext: boolean, tokens: InstructionTokens) {
  const task = bigcodeInstructHumanEval({ withContext, tokens });
  const loaded = await loadDataset(task.dataset, { datasetPath: FIXTURE, offline: true });
  return { task, problems: task.problems(loaded.rows, loaded.file) };
}

describe.each(TOKENS)('bigcode instruct-humaneval with delimiters %j', (...tokens) => {
  const expected = bigcodeReimplementation(tokens as unknown as InstructionTokens);
  it.each([
    ['with', true],
    ['without', false],
  ] as const)('%s context: byte-identical prompts and programs', async (key, withContext) => {
    const { task, problems } = await problemsOf(
      withContext,
      tokens as unknown as InstructionTokens,
    );
    expect(problems.map((p) => p.prompt)).toEqual(expected[key].prompts);
    expect([...task.stopSequences]).toEqual(expected.stops);
    const programs = problems.map((p) => OUTPUTS.map((o) => task.postprocess(p, o)));
    expect(programs).toEqual(expected[key].programs);
    // An echoed prompt is removed first, so the same output gives the same program.
    const echoed = problems.map((p) => OUTPUTS.map((o) => task.postprocess(p, p.prompt + o)));
    expect(echoed).toEqual(expected[key].programs);
  });
});

describe('removeAfterReturn', () => {
  it('ends the code at the first unindented line after the first', () => {
    expect(removeAfterReturn('def f():\n    return 1\nprint(1)\n')).toBe(
      'def f():\n    return 1\n',
    );
    expect(removeAfterReturn('def f():\n\n    return 1\n\n')).toBe('def f():\n\n    return 1\n\n');
    expect(removeAfterReturn('')).toBe('');
  });
});

describe('instruct-humaneval in the sandbox', () => {
  it('passes the references and a post-processed model answer, fails a wrong one', async () => {
    const task = bigcodeInstructHumanEval({ withContext: true });
    const { problems } = await problemsOf(true, ['', '', '\n']);
    const records = problems.flatMap((p, i) => [
      { problemId: p.id, sample: 0, program: p.reference! },
      {
        problemId: p.id,
        sample: 1,
        program: task.postprocess(
          p,
          `\n${['    return sum(xs)', '    return double(double(x))', "    return s.upper() + '!'"][i]}\n\nif __name__ == "__main__":\n    raise SystemExit(1)\n`,
        ),
      },
      { problemId: p.id, sample: 2, program: task.postprocess(p, '\n    return None\n') },
    ]);
    const { results } = await evaluate({
      task,
      candidates: { kind: 'records', records },
      allowCodeExecution: true,
      preflight: false,
      workers: 2,
      db: false,
      verdictCache: false,
      dataset: { datasetPath: FIXTURE, offline: true },
    });
    const bySample = (sample: number) =>
      results.filter((r) => r.sample === sample).map((r) => r.status);
    expect(bySample(0)).toEqual(['passed', 'passed', 'passed']);
    expect(bySample(1)).toEqual(['passed', 'passed', 'passed']);
    expect(bySample(2)).toEqual(['failed', 'failed', 'failed']);
  });
});

/**
 * Coming from bigcode-evaluation-harness or EvalPlus: their flags are read as passk's with a
 * note, refused with the reason, or named in the error for a missing passk flag; bigcode's
 * `--metric_output_path` gives its evaluation_results.json layout on stdout and in the file.
 * The command-line checks run main() in this process (no work starts: each ends at a flag
 * error); the layout is checked on a real evaluation in the sandbox.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HARNESS_FLAGS } from '../../src/cli/harness-flag-table.js';
import { main } from '../../src/cli/main.js';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData, requireTaskData } from '../helpers/data.js';
import { fakeServers } from '../helpers/toy-model.js';

/** main(argv) in this process: its exit code and what it wrote to stderr. */
async function passk(...argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += chunk.toString();
    return true;
  });
  try {
    return { code: await main(argv), stderr };
  } finally {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  }
}

describe('reference harness flags on the command line', () => {
  it("reads bigcode's flags as passk's and names its flag when passk's is missing", async () => {
    const r = await passk('evaluate', '--tasks', 'humaneval', '--allow_code_execution');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "passk: note: --tasks (bigcode-evaluation-harness) read as passk's --task\n",
    );
    expect(r.stderr).toContain(
      'passk: note: --allow_code_execution read as --allow-code-execution',
    );
    expect(r.stderr).toContain(
      "required option '--generations <file>' not specified (bigcode-evaluation-harness's --load_generations_path is read as --generations)",
    );
  });

  it("reads EvalPlus's --dataset and --samples, and names them when passk's flag is missing", async () => {
    const noSamples = await passk('evaluate', '--dataset', 'humaneval');
    expect(noSamples.stderr).toContain("--dataset (EvalPlus) read as passk's --task");
    expect(noSamples.stderr).toContain("(EvalPlus's --samples is read as --generations)");
    expect(noSamples.stderr).not.toContain('bigcode');
    const noTask = await passk('evaluate', '--samples', 'samples.jsonl');
    expect(noTask.code).toBe(2);
    expect(noTask.stderr).not.toContain('did you mean');
    expect(noTask.stderr).toContain("EvalPlus's --dataset are read as --task");
  });

  it('refuses what passk cannot honour, naming the reason', async () => {
    const precision = await passk('run', '--tasks', 'humaneval', '--precision', 'bf16');
    expect(precision.code).toBe(2);
    expect(precision.stderr).toContain(
      'passk: error: --precision (bigcode-evaluation-harness) is not supported by passk run\n  hint: passk loads no model itself',
    );
    const list = await passk('evaluate', '--tasks', 'humaneval,mbpp');
    expect(list.stderr).toContain('passk scores one task per command');
    const dataset = await passk('evaluate', '--dataset', 'apps');
    expect(dataset.stderr).toContain("EvalPlus's datasets are humaneval and mbpp");
  });

  it('has an answer for every flag of both harnesses: read, ignored with a note or refused', async () => {
    const unanswered: string[] = [];
    // bigcode flags spelled as passk's own run flags (passk's meaning wins there)
    const runsOwn = ['model', 'temperature', 'seed', 'top_p'];
    const values: Record<string, string> = { prompt: 'instruct', dataset: 'humaneval' };
    for (const [flag, entry] of Object.entries(HARNESS_FLAGS)) {
      for (const command of ['evaluate', 'run'] as const) {
        if (command === 'run' && runsOwn.includes(flag)) continue;
        const value = entry.takesValue ? [values[flag] ?? '1'] : [];
        const r = await passk(command, `--${flag}`, ...value, '--bogus-flag');
        // Read or ignored: a note and on to commander (which stops at --bogus-flag); refused:
        // one error line with a hint. Never commander's unknown option for the harness flag.
        const answered =
          r.stderr.includes(`note: --${flag} (`) ||
          (r.stderr.includes(`error: --${flag} (`) && r.stderr.includes('hint: '));
        if (!answered || r.stderr.includes(`unknown option '--${flag}'`)) {
          unanswered.push(`${command} --${flag}: ${r.stderr}`);
        }
      }
    }
    expect(unanswered).toEqual([]);
  });
});

const dataDir = requireData('humaneval');
const serve = fakeServers();

describe("bigcode's evaluation_results.json", () => {
  it('prints it on stdout and writes it to --metric_output_path, with bigcode’s keys', async () => {
    const dir = await tempDir();
    const task = await tasks.get('humaneval');
    const loaded = await loadDataset(task.dataset, {
      dataDir: requireTaskData(task),
      offline: true,
    });
    const rows = loaded.rows.slice(0, 2) as { prompt: string; canonical_solution: string }[];
    const generations = join(dir, 'generations.json');
    await writeFile(
      generations,
      JSON.stringify(rows.map((r) => [r.prompt + r.canonical_solution])),
    );
    const resultsFile = join(dir, 'evaluation_results.json');
    const r = await runCli([
      'evaluate',
      ...['--tasks', 'humaneval', '--load_generations_path', generations, '--limit', '2'],
      ...['--allow_code_execution', '--n_samples', '1', '--temperature', '0.2'],
      ...['--metric_output_path', resultsFile],
      ...['--no-db', '--data-dir', dataDir, '--output-dir', join(dir, 'run')],
    ]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('--temperature (bigcode-evaluation-harness) ignored');
    const printed = JSON.parse(r.stdout);
    expect(JSON.parse(await readFile(resultsFile, 'utf8'))).toEqual(printed);
    expect(Object.keys(printed)).toEqual(['humaneval', 'config']);
    expect(printed.humaneval).toEqual({ 'pass@1': 1 });
    // as Python's json.dumps prints a float score
    expect(r.stdout).toContain('"humaneval": {\n    "pass@1": 1.0\n  },');
    // main.py's vars(args): EvalArguments' fields, then main.py's own arguments, in order.
    expect(Object.keys(printed.config)).toEqual(
      'prefix do_sample temperature top_k top_p n_samples eos seed model modeltype peft_model revision use_auth_token trust_remote_code tasks instruction_tokens batch_size max_length_generation precision load_in_8bit load_in_4bit left_padding limit limit_start save_every_k_tasks postprocess allow_code_execution generation_only load_generations_path load_data_path metric_output_path save_generations load_generations_intermediate_paths save_generations_path save_references save_references_path prompt max_memory_per_gpu check_references'.split(
        ' ',
      ),
    );
    expect(printed.config).toMatchObject({
      tasks: 'humaneval',
      n_samples: 1,
      limit: 2,
      limit_start: 0,
      allow_code_execution: true,
      load_generations_path: generations,
      metric_output_path: resultsFile,
      precision: null,
      check_references: false,
    });
  });

  it('is what passk run prints with bigcode generation flags, its sampling in config', async () => {
    const server = await serve();
    const dir = await tempDir();
    const resultsFile = join(dir, 'evaluation_results.json');
    const r = await runCli([
      'run',
      ...['--tasks', 'humaneval', '--model', 'openai-compatible', '--base-url', server.baseUrl],
      ...['--n_samples', '2', '--temperature', '0.2', '--top_p', '0.95', '--limit', '2'],
      ...['--allow_code_execution', '--save_generations', '--metric_output_path', resultsFile],
      ...['--no-db', '--data-dir', dataDir, '--output-dir', join(dir, 'run')],
    ]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('--save_generations (bigcode-evaluation-harness) ignored');
    // stdout holds the JSON alone (the "generated: …" line went to stderr)
    expect(r.stdout).toBe(`${await readFile(resultsFile, 'utf8')}\n`);
    expect(r.stdout).toContain('"temperature": 0.2,');
    const printed = JSON.parse(r.stdout);
    // the fake model's answers fail every test: a real 0, printed as Python's float
    expect(r.stdout).toContain('"pass@1": 0.0');
    expect(printed.config).toMatchObject({
      tasks: 'humaneval',
      n_samples: 2,
      top_p: 0.95,
      do_sample: true,
      limit: 2,
      load_generations_path: null,
      save_generations: true,
      save_generations_path: 'generations.json',
      metric_output_path: resultsFile,
    });
  });
});

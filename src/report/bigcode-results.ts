import type { MetricsFile } from '../store/metrics-file.js';

/**
 * bigcode-evaluation-harness's main.py stores `vars(args)` as `config`: its EvalArguments
 * dataclass first, then main.py's own arguments, in this order.
 */
const BIGCODE_CONFIG_KEYS = [
  'prefix',
  'do_sample',
  'temperature',
  'top_k',
  'top_p',
  'n_samples',
  'eos',
  'seed',
  'model',
  'modeltype',
  'peft_model',
  'revision',
  'use_auth_token',
  'trust_remote_code',
  'tasks',
  'instruction_tokens',
  'batch_size',
  'max_length_generation',
  'precision',
  'load_in_8bit',
  'load_in_4bit',
  'left_padding',
  'limit',
  'limit_start',
  'save_every_k_tasks',
  'postprocess',
  'allow_code_execution',
  'generation_only',
  'load_generations_path',
  'load_data_path',
  'metric_output_path',
  'save_generations',
  'load_generations_intermediate_paths',
  'save_generations_path',
  'save_references',
  'save_references_path',
  'prompt',
  'max_memory_per_gpu',
  'check_references',
] as const;

/**
 * A run's metrics in the layout of bigcode's evaluation_results.json (what its main.py prints
 * and writes to --metric_output_path): `{<task>: <task metrics>, "config": {...}}` with
 * exactly bigcode's config keys, in its order. The values are metrics.json's (pipeline/
 * bigcode-config.ts), null where passk has no equivalent (model loading, GPU batch size).
 */
export function bigcodeResults(
  metrics: MetricsFile,
  task: string,
  metricOutputPath: string | null,
): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const key of BIGCODE_CONFIG_KEYS) config[key] = metrics.config[key] ?? null;
  config['metric_output_path'] = metricOutputPath;
  return { [task]: metrics[task], config };
}

/** Config keys that are floats in bigcode's argparse (printed `0.0`, never `0`). */
const FLOAT_KEYS = new Set(['temperature', 'top_p']);
/** Marks a number to print as a Python float; removed with its quotes after stringify. */
const FLOAT_MARK = '\u0000float:';

/**
 * bigcode's `json.dumps(results, indent=2)`, byte for byte: its scores are Python floats
 * (`1.0`, `1e-05`), and non-ASCII text is escaped (`ensure_ascii`).
 */
export function dumpBigcodeResults(results: Record<string, unknown>, task: string): string {
  const text = JSON.stringify(
    results,
    function (this: unknown, key, value: unknown) {
      const float = this === results[task] || (this === results['config'] && FLOAT_KEYS.has(key));
      return float && typeof value === 'number' ? `${FLOAT_MARK}${pythonFloat(value)}` : value;
    },
    2,
  );
  return text
    .replace(/"\\u0000float:([^"]+)"/g, '$1')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Python's repr of a float: shortest digits, exponent below 1e-4 or from 1e16, `.0` on whole numbers. */
export function pythonFloat(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [digits, exponent] = x.toExponential().split('e') as [string, string];
  const power = Number(exponent);
  if (power < -4 || power >= 16) {
    return `${digits}e${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
  }
  const plain = String(x);
  return Number.isInteger(x) ? `${plain}.0` : plain;
}

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

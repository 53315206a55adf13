import { ConfigError } from '../core/errors.js';
import { closest } from '../core/registry.js';

/** Everything that decides what is sampled, run-wide. */
export interface SamplingConfig {
  temperature: number;
  topP: number;
  /** Generated tokens only, never prompt + generation. */
  maxNewTokens: number;
  nSamples: number;
  /** Run seed; each (problem, sample) gets its own seed derived from it (see seeds.ts). */
  seed: number;
}

export type PresetName = 'pass@1' | 'pass@10' | 'pass@100' | 'greedy';

/**
 * The usual protocols (Codex paper, bigcode-evaluation-harness). pass@10 uses n = 100: the
 * estimator's variance at k = 10 is clearly lower than with 50, and the same run also gives a
 * stable pass@1; halve the cost with --n-samples 50.
 */
export const SAMPLING_PRESETS: Record<
  PresetName,
  Pick<SamplingConfig, 'temperature' | 'topP' | 'nSamples'>
> = {
  'pass@1': { temperature: 0.2, topP: 0.95, nSamples: 20 },
  'pass@10': { temperature: 0.6, topP: 0.95, nSamples: 100 },
  'pass@100': { temperature: 0.8, topP: 0.95, nSamples: 200 },
  greedy: { temperature: 0, topP: 1, nSamples: 1 },
};

export const DEFAULT_PRESET: PresetName = 'pass@1';
export const DEFAULT_MAX_NEW_TOKENS = 512;
export const DEFAULT_SEED = 1234;

/** Sampling with `maxNewTokens` left to the task (Task.defaultMaxNewTokens) when absent. */
export type SamplingInput = Omit<SamplingConfig, 'maxNewTokens'> & { maxNewTokens?: number };

/** The run's sampling: an explicit maxNewTokens, else the task's default, else 512. */
export function withTaskMaxNewTokens(
  sampling: SamplingInput,
  taskDefault: number | undefined,
): SamplingConfig {
  const maxNewTokens = sampling.maxNewTokens ?? taskDefault ?? DEFAULT_MAX_NEW_TOKENS;
  return Object.freeze({ ...sampling, maxNewTokens });
}

function isPreset(name: string): name is PresetName {
  return Object.hasOwn(SAMPLING_PRESETS, name);
}

/**
 * A preset (default pass@1) with explicit values laid over it; later non-undefined wins.
 * Throws ConfigError for an unknown preset or a value out of range.
 */
export function resolveSampling(
  preset: string = DEFAULT_PRESET,
  overrides: { [K in keyof SamplingConfig]?: SamplingConfig[K] | undefined } = {},
): SamplingConfig {
  if (!isPreset(preset)) {
    const names = Object.keys(SAMPLING_PRESETS);
    const nearest = closest(preset, names);
    throw new ConfigError(
      `unknown --preset '${preset}'${nearest ? `; did you mean '${nearest}'?` : ''}`,
      {
        hint: `available: ${names.join(', ')}`,
      },
    );
  }
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  const config: SamplingConfig = {
    ...SAMPLING_PRESETS[preset],
    maxNewTokens: DEFAULT_MAX_NEW_TOKENS,
    seed: DEFAULT_SEED,
    ...defined,
  };
  validate(config);
  return Object.freeze(config);
}

function validate(config: SamplingConfig): void {
  const checks: [boolean, string][] = [
    [Number.isFinite(config.temperature) && config.temperature >= 0, '--temperature must be ≥ 0'],
    [config.topP > 0 && config.topP <= 1, '--top-p must be in (0, 1]'],
    [
      Number.isInteger(config.maxNewTokens) && config.maxNewTokens >= 1,
      '--max-new-tokens must be a positive integer',
    ],
    [
      Number.isInteger(config.nSamples) && config.nSamples >= 1,
      '--n-samples must be a positive integer',
    ],
    [Number.isSafeInteger(config.seed), '--seed must be an integer'],
  ];
  for (const [ok, message] of checks) if (!ok) throw new ConfigError(message);
}

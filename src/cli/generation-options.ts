import type { Command } from 'commander';
import { z } from 'zod';
import {
  type BackendOptions,
  ConfigError,
  type FsyncPolicy,
  resolveSampling,
  type SamplingInput,
  splitBaseUrls,
} from '../index.js';

/** Flags of `passk run` that only matter when a model backend generates the samples. */
export function addGenerationOptions(command: Command): Command {
  return command
    .option(
      '--base-url <urls>',
      'openai-compatible server(s): repeat the flag or comma-separate replicas',
      collect,
    )
    .option('--model-name <name>', 'model to request (openai) or GGUF path / hf: ref (llama-cpp)')
    .option('--chat', 'use the chat API (/v1/chat/completions) and extract code from the reply')
    .option('--system-prompt <text>', 'system message for --chat')
    .option('--preset <name>', 'sampling preset: pass@1, pass@10, pass@100, greedy', 'pass@1')
    .option('--n-samples <n>', 'samples per problem (default: from the preset)')
    .option('--temperature <t>', 'sampling temperature (default: from the preset)')
    .option('--top-p <p>', 'nucleus sampling (default: from the preset)')
    .option(
      '--max-new-tokens <n>',
      "tokens generated per sample, prompt not counted (default: 512, or the task's)",
    )
    .option('--seed <n>', 'run seed; each (problem, sample) gets a seed derived from it', '1234')
    .option('--batch-size <n>', 'requests in flight per server', '8')
    .option('--concurrency <n>', 'requests in flight overall (default: replicas x batch size)')
    .option('--samples-per-request <n>', "samples asked per request with the server's n", '20')
    .option('--no-server-n', 'one sample per request (servers that ignore n)')
    .option('--no-stream', 'do not stream (no early stop per sample)')
    .option('--request-timeout <seconds>', 'idle timeout: no byte received for this long', '300')
    .option('--total-timeout <seconds>', 'cap on one whole request attempt (0 = none)', '3600')
    .option('--max-retries <n>', 'retries per request on 429/5xx/timeouts/resets', '6')
    .option('--retry-delay <seconds>', "first retry's backoff, doubling (Retry-After wins)", '0.5')
    .option('--max-outage <seconds>', 'give up when every replica has failed this long', '300')
    .option('--api-key-env <name>', 'environment variable holding the API key')
    .option('--header <name:value>', 'extra HTTP header for every request (repeatable)', collect)
    .option('--extra-body <json>', 'JSON object merged into every request body (top_k, …)')
    .option('--server-stop-limit <n>', 'send at most n stop sequences (passk applies the rest)')
    .option('--label <text>', 'a name for this run, recorded in generation.json and run.json')
    .option('--progress-interval <seconds>', 'off a terminal: a progress line this often', '30')
    .option('--threads <n>', 'llama-cpp: CPU threads (default: cores)')
    .option('--context-size <n>', 'llama-cpp: context window', '4096')
    .option('--generation-only', 'generate and save the samples; evaluate later')
    .option('--resume <run-dir>', 'continue a run directory exactly where it stopped')
    .option('--fsync <policy>', 'journal durability: each, batched, never', 'batched');
}

/** Repeatable flags: `--header A --header B` → ['A', 'B']. */
function collect(value: string, previous: unknown): string[] {
  return [...(Array.isArray(previous) ? (previous as string[]) : []), value];
}

const int = (flag: string, min = 1) =>
  z
    .string()
    .regex(/^\d+$/, `${flag} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min, `${flag} must be at least ${min}`);
const num = (flag: string) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `${flag} must be a number`)
    .transform(Number);

const schema = z.object({
  // a string in run-config.json files saved before the flag could be repeated
  baseUrl: z.union([z.string(), z.array(z.string())]).optional(),
  modelName: z.string().optional(),
  chat: z.boolean().optional(),
  systemPrompt: z.string().optional(),
  preset: z.string(),
  nSamples: int('--n-samples').optional(),
  temperature: num('--temperature').optional(),
  topP: num('--top-p').optional(),
  maxNewTokens: int('--max-new-tokens').optional(),
  seed: int('--seed', 0),
  batchSize: int('--batch-size'),
  concurrency: int('--concurrency').optional(),
  samplesPerRequest: int('--samples-per-request'),
  serverN: z.boolean(),
  stream: z.boolean(),
  requestTimeout: num('--request-timeout'),
  maxRetries: int('--max-retries', 0),
  retryDelay: num('--retry-delay').optional(),
  totalTimeout: num('--total-timeout').optional(),
  maxOutage: num('--max-outage').optional(),
  apiKeyEnv: z.string().optional(),
  header: z.array(z.string()).optional(),
  extraBody: z.string().optional(),
  serverStopLimit: int('--server-stop-limit').optional(),
  label: z.string().optional(),
  progressInterval: num('--progress-interval'),
  threads: int('--threads').optional(),
  contextSize: int('--context-size'),
  generationOnly: z.boolean().optional(),
  resume: z.string().optional(),
  fsync: z.enum(['each', 'batched', 'never'], '--fsync must be each, batched or never'),
});

export interface GenerationFlags {
  backendOptions: BackendOptions;
  /** Without maxNewTokens when --max-new-tokens was not given: the task's default then. */
  sampling: SamplingInput;
  generationOnly: boolean;
  resume: string | undefined;
  systemPrompt: string | undefined;
  concurrency: number | undefined;
  fsync: FsyncPolicy;
  label: string | undefined;
  progressIntervalMs: number;
}

export function parseGenerationFlags(raw: Record<string, unknown>): GenerationFlags {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]?.message ?? 'invalid flags');
  const f = parsed.data;
  const { maxNewTokens, ...sampled } = resolveSampling(f.preset, {
    nSamples: f.nSamples,
    temperature: f.temperature,
    topP: f.topP,
    maxNewTokens: f.maxNewTokens,
    seed: f.seed,
  });
  const sampling: SamplingInput =
    f.maxNewTokens === undefined ? sampled : { ...sampled, maxNewTokens };
  const backendOptions: BackendOptions = {
    ...(f.baseUrl === undefined ? {} : { baseUrls: splitBaseUrls(f.baseUrl) }),
    ...(f.modelName === undefined ? {} : { model: f.modelName }),
    api: f.chat ? 'chat' : 'completions',
    batchSize: f.batchSize,
    maxSamplesPerRequest: f.serverN ? f.samplesPerRequest : 1,
    stream: f.stream,
    requestTimeoutMs: Math.round(f.requestTimeout * 1000),
    ...(f.totalTimeout === undefined ? {} : { totalTimeoutMs: Math.round(f.totalTimeout * 1000) }),
    ...(f.maxOutage === undefined ? {} : { maxOutageMs: Math.round(f.maxOutage * 1000) }),
    maxRetries: f.maxRetries,
    ...(f.retryDelay === undefined ? {} : { retryDelayMs: Math.round(f.retryDelay * 1000) }),
    ...apiKeyOf(f.apiKeyEnv),
    ...(f.header === undefined ? {} : { headers: parseHeaders(f.header) }),
    ...(f.extraBody === undefined ? {} : { extraBody: parseExtraBody(f.extraBody) }),
    ...(f.serverStopLimit === undefined ? {} : { serverStopLimit: f.serverStopLimit }),
    ...(f.threads === undefined ? {} : { threads: f.threads }),
    contextSize: f.contextSize,
  };
  return {
    backendOptions,
    sampling,
    generationOnly: f.generationOnly === true,
    resume: f.resume,
    systemPrompt: f.systemPrompt,
    concurrency: f.concurrency,
    fsync: f.fsync,
    label: f.label,
    progressIntervalMs: Math.max(100, Math.round(f.progressInterval * 1000)),
  };
}

/** `--api-key-env NAME`: the key from that variable (never saved in run-config.json). */
function apiKeyOf(name: string | undefined): Pick<BackendOptions, 'apiKey'> {
  if (name === undefined) return {};
  const key = process.env[name];
  if (key === undefined || key === '') {
    throw new ConfigError(`--api-key-env ${name}: the environment variable ${name} is not set`, {
      hint: `export ${name}=<your key>, or drop --api-key-env`,
    });
  }
  return { apiKey: key };
}

/** `--header 'Name: value'` (repeatable) → a header map; a malformed one is a ConfigError. */
export function parseHeaders(values: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    const name = colon === -1 ? '' : value.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new ConfigError(`--header '${value}' is not NAME:VALUE`, {
        hint: "e.g. --header 'X-Request-Source: passk'",
      });
    }
    headers[name.toLowerCase()] = value.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * `--extra-body '{"top_k": 20}'`: a JSON object merged into every request body. passk's own
 * fields (model, prompt, n, temperature, top_p, max_tokens, seed, stop, stream) win on a clash.
 */
export function parseExtraBody(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`--extra-body is not valid JSON: ${(error as Error).message}`, {
      hint: `e.g. --extra-body '{"top_k": 20, "repetition_penalty": 1.05}'`,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError('--extra-body must be a JSON object', {
      hint: `e.g. --extra-body '{"top_k": 20}'`,
    });
  }
  return value as Record<string, unknown>;
}

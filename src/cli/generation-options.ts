import type { Command } from 'commander';
import { z } from 'zod';
import {
  type BackendOptions,
  ConfigError,
  type FsyncPolicy,
  resolveSampling,
  type SamplingConfig,
  splitBaseUrls,
} from '../index.js';

/** Flags of `passk run` that only matter when a model backend generates the samples. */
export function addGenerationOptions(command: Command): Command {
  return command
    .option('--base-url <urls>', 'openai-compatible server(s), comma-separated replicas')
    .option('--model-name <name>', 'model to request (openai) or GGUF path / hf: ref (llama-cpp)')
    .option('--chat', 'use the chat API (/v1/chat/completions) and extract code from the reply')
    .option('--system-prompt <text>', 'system message for --chat')
    .option('--preset <name>', 'sampling preset: pass@1, pass@10, pass@100, greedy', 'pass@1')
    .option('--n-samples <n>', 'samples per problem (default: from the preset)')
    .option('--temperature <t>', 'sampling temperature (default: from the preset)')
    .option('--top-p <p>', 'nucleus sampling (default: from the preset)')
    .option('--max-new-tokens <n>', 'tokens generated per sample, prompt not counted', '512')
    .option('--seed <n>', 'run seed; each (problem, sample) gets a seed derived from it', '1234')
    .option('--batch-size <n>', 'requests in flight per server', '8')
    .option('--concurrency <n>', 'requests in flight overall (default: replicas x batch size)')
    .option('--samples-per-request <n>', "samples asked per request with the server's n", '20')
    .option('--no-server-n', 'one sample per request (servers that ignore n)')
    .option('--no-stream', 'do not stream (no early stop per sample)')
    .option('--request-timeout <seconds>', 'per-request timeout', '300')
    .option('--max-retries <n>', 'retries per request on 429/5xx/timeouts/resets', '6')
    .option('--threads <n>', 'llama-cpp: CPU threads (default: cores)')
    .option('--context-size <n>', 'llama-cpp: context window', '4096')
    .option('--generation-only', 'generate and save the samples; evaluate later')
    .option('--resume <run-dir>', 'continue a run directory exactly where it stopped')
    .option('--fsync <policy>', 'journal durability: each, batched, never', 'batched');
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
  baseUrl: z.string().optional(),
  modelName: z.string().optional(),
  chat: z.boolean().optional(),
  systemPrompt: z.string().optional(),
  preset: z.string(),
  nSamples: int('--n-samples').optional(),
  temperature: num('--temperature').optional(),
  topP: num('--top-p').optional(),
  maxNewTokens: int('--max-new-tokens'),
  seed: int('--seed', 0),
  batchSize: int('--batch-size'),
  concurrency: int('--concurrency').optional(),
  samplesPerRequest: int('--samples-per-request'),
  serverN: z.boolean(),
  stream: z.boolean(),
  requestTimeout: num('--request-timeout'),
  maxRetries: int('--max-retries', 0),
  threads: int('--threads').optional(),
  contextSize: int('--context-size'),
  generationOnly: z.boolean().optional(),
  resume: z.string().optional(),
  fsync: z.enum(['each', 'batched', 'never'], '--fsync must be each, batched or never'),
});

export interface GenerationFlags {
  backendOptions: BackendOptions;
  sampling: SamplingConfig;
  generationOnly: boolean;
  resume: string | undefined;
  systemPrompt: string | undefined;
  concurrency: number | undefined;
  fsync: FsyncPolicy;
}

export function parseGenerationFlags(raw: Record<string, unknown>): GenerationFlags {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]?.message ?? 'invalid flags');
  const f = parsed.data;
  const sampling = resolveSampling(f.preset, {
    nSamples: f.nSamples,
    temperature: f.temperature,
    topP: f.topP,
    maxNewTokens: f.maxNewTokens,
    seed: f.seed,
  });
  const backendOptions: BackendOptions = {
    ...(f.baseUrl === undefined ? {} : { baseUrls: splitBaseUrls(f.baseUrl) }),
    ...(f.modelName === undefined ? {} : { model: f.modelName }),
    api: f.chat ? 'chat' : 'completions',
    batchSize: f.batchSize,
    maxSamplesPerRequest: f.serverN ? f.samplesPerRequest : 1,
    stream: f.stream,
    requestTimeoutMs: Math.round(f.requestTimeout * 1000),
    maxRetries: f.maxRetries,
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
  };
}

import { readFile } from 'node:fs/promises';
import { arch, cpus, platform, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { PASSK_VERSION } from '../../core/version.js';
import { runtimes } from '../../execution/languages/index.js';
import type { MetricsFile } from '../metrics-file.js';
import type { ModelInfo, Provenance } from '../records.js';

/** The machine a run ran on: enough to explain a timeout rate, without naming the host. */
export function machineInfo(): Provenance['machine'] {
  const list = cpus();
  return {
    os: `${platform()} ${release()}`,
    arch: arch(),
    cpus: list.length,
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    memoryBytes: totalmem(),
  };
}

/**
 * Versions of the tools that judged the programs: node always, and the language runtime as the
 * execution engine resolves it (the same interpreter and version string it keys its cache by).
 * Best effort: a runtime that cannot be resolved is simply not listed.
 */
export async function probeToolchain(
  language: string | undefined,
): Promise<Record<string, string>> {
  const toolchain: Record<string, string> = { node: process.version };
  if (language === undefined || !runtimes.names().includes(language)) return toolchain;
  try {
    const { toolchain: install } = await (await runtimes.get(language)).resolve({});
    // The runtime says 'python 3.11.2'; keep the version alone under the tool's name.
    const prefix = `${language} `;
    const version = install.version;
    toolchain[language] = version.startsWith(prefix) ? version.slice(prefix.length) : version;
  } catch {
    // Not fatal: the run already finished; provenance just lacks this line.
  }
  return toolchain;
}

/** What generation.json (written by `passk generate`) says about the model, if there is one. */
interface GenerationJson {
  fingerprint?: Record<string, unknown>;
  provenance?: { backend?: string; model?: string; serverModel?: string; settings?: object };
  nSamples?: number;
  label?: string;
}

/**
 * Names the model behind a run. Reference runs say so; runs scored from a generations file take
 * model and sampling from a generation.json beside that file or in the run dir, else
 * `file:<path>`.
 */
export async function inferModel(
  candidates: string | undefined,
  runDir: string | undefined,
): Promise<ModelInfo | null> {
  if (candidates === 'reference') return { name: 'reference' };
  const places = [candidates && candidates !== 'records' ? dirname(candidates) : undefined, runDir];
  for (const dir of places) {
    if (dir === undefined) continue;
    const meta = await readJson<GenerationJson>(join(dir, 'generation.json'));
    const model = meta?.provenance?.model;
    if (meta === undefined || model === undefined) continue;
    const backend = meta.provenance?.backend;
    const { task: _task, backend: _backend, ...sampling } = meta.fingerprint ?? {};
    return {
      name: backend === undefined ? model : `${backend}:${model}`,
      ...(backend === undefined ? {} : { backend }),
      ...(meta.provenance?.serverModel ? { serverModel: meta.provenance.serverModel } : {}),
      sampling: { ...sampling, ...(meta.nSamples === undefined ? {} : { n: meta.nSamples }) },
      settings: { ...meta.provenance?.settings },
      ...(typeof meta.label === 'string' ? { label: meta.label } : {}),
    };
  }
  if (candidates === undefined || candidates === 'records') return null;
  return { name: `file:${candidates}` };
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * A run's provenance from what is known of it. The machine is this one: runs are recorded (and
 * unrecorded run dirs read) where they ran, and run dirs do not say otherwise.
 */
export function runProvenance(input: {
  metrics?: MetricsFile | undefined;
  model?: ModelInfo | null | undefined;
  execution?: Record<string, unknown> | undefined;
  toolchain?: Record<string, string> | undefined;
}): Provenance {
  const metrics = input.metrics;
  return {
    // passk's own version for runs recorded without a metrics.json (generation-only).
    passkVersion: metrics?.passk_version ?? PASSK_VERSION,
    dataset: metrics?.dataset ?? null,
    model: input.model ?? null,
    execution: input.execution ?? (metrics?.execution ? { ...metrics.execution } : null),
    toolchain: input.toolchain ?? { node: process.version },
    machine: machineInfo(),
  };
}

/**
 * Child process for the SIGKILL test: runs the real `generate` against the fake server whose
 * URL it is given, until the parent kills it. Usage: node --import tsx kill-driver.ts '<json>'
 * with {baseUrl, runDir, problems, nSamples}.
 */
import { generate } from '../../src/generation/generate.js';
import { resolveSampling } from '../../src/generation/sampling.js';
import { createOpenAICompatibleBackend } from '../../src/models/openai/backend.js';
import { tinyProblems, tinyTask } from './tiny-task.js';

export interface DriverConfig {
  baseUrl: string;
  runDir: string;
  problems: number;
  nSamples: number;
}

/** Shared by the driver and the in-process resume, so both ask for exactly the same. */
export function driverOptions(config: DriverConfig) {
  return {
    task: tinyTask,
    problems: tinyProblems(config.problems),
    backend: createOpenAICompatibleBackend({
      baseUrls: [config.baseUrl],
      model: 'fake',
      maxSamplesPerRequest: 2,
      batchSize: 3,
    }),
    sampling: resolveSampling('pass@10', { nSamples: config.nSamples, maxNewTokens: 32 }),
    runDir: config.runDir,
  };
}

const arg = process.argv[2];
if (arg !== undefined) {
  const config = JSON.parse(arg) as DriverConfig;
  await generate(driverOptions(config));
  process.stdout.write('finished\n');
}

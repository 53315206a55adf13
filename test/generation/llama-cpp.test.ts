import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/generation/generate.js';
import { resolveSampling } from '../../src/generation/sampling.js';
import { ContextLengthError } from '../../src/models/errors.js';
import { createLlamaCppBackend } from '../../src/models/llama-cpp.js';
import { loadEngine } from '../../src/models/llama-cpp-engine.js';
import type { GenerateRequest, ModelBackend } from '../../src/models/types.js';
import { cutAtStop } from '../../src/postprocess/stop.js';
import { tinyProblems, tinyTask } from './tiny-task.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const modelsDir = process.env['PASSK_MODELS_DIR'] ?? resolve(repoRoot, '..', 'shared', 'models');
const modelPath = join(modelsDir, 'stories260K.gguf');
// node_modules, $PASSK_LLAMA_CPP_DIR or .passk-engines (where `scripts/setup.sh --test` puts it)
const installed = await loadEngine().then(
  () => true,
  () => false,
);
const skipReason = !installed
  ? 'node-llama-cpp is not installed (bash scripts/setup.sh --test installs it in .passk-engines)'
  : !existsSync(modelPath)
    ? `no model at ${modelPath} (set PASSK_MODELS_DIR)`
    : undefined;
if (skipReason) console.warn(`skipping the llama-cpp engine tests: ${skipReason}`);

function request(overrides: Partial<GenerateRequest['sampling']> = {}, n = 1): GenerateRequest {
  return {
    prompt: { kind: 'completion', text: 'Once upon a time' },
    n,
    sampling: { temperature: 0, topP: 1, maxNewTokens: 24, stop: [], ...overrides },
  };
}

describe.skipIf(skipReason !== undefined)('llama-cpp backend on a real GGUF model', () => {
  let backend: ModelBackend;
  beforeAll(async () => {
    backend = await createLlamaCppBackend({
      model: modelPath,
      threads: 1,
      gpu: false,
      contextSize: 256,
    });
  });
  afterAll(async () => {
    await backend?.close?.();
  });

  const texts = async (req: GenerateRequest) => (await backend.generate(req)).map((c) => c.text);

  it('returns n completions with token counts', async () => {
    const completions = await backend.generate(request({ temperature: 0.8, seed: 1 }, 3));
    expect(completions).toHaveLength(3);
    expect(completions[0]?.tokensIn).toBeGreaterThan(0);
    expect(completions.every((c) => (c.tokensOut ?? 0) > 0 && c.text.length > 0)).toBe(true);
  });

  it('is reproducible at temperature 0', async () => {
    expect(await texts(request())).toEqual(await texts(request()));
  });

  it('is reproducible for a seed at temperature 0.8, and the seed matters', async () => {
    const seeded = (seed: number) => texts(request({ temperature: 0.8, seed }));
    const first = await seeded(42);
    expect(await seeded(42)).toEqual(first);
    const others = [await seeded(43), await seeded(44), await seeded(45)];
    expect(others.some((other) => other[0] !== first[0])).toBe(true);
  });

  it('stops at a stop sequence found in the generated text only', async () => {
    const [greedy] = await texts(request());
    const stop = greedy!.slice(10, 14);
    const [cut] = await backend.generate(request({ stop: [stop] }));
    expect(cut?.finishReason).toBe('stop');
    expect(cut?.stoppedEarlyBy).toBe(stop);
    // the raw text runs to the end of the token holding the stop; the cut is exact
    expect(cutAtStop(cut!.text, [stop])).toBe(greedy!.slice(0, greedy!.indexOf(stop)));
    expect(greedy!.startsWith(cut!.text)).toBe(true);
  });

  it('refuses a request that does not fit the context instead of truncating', async () => {
    await expect(backend.generate(request({ maxNewTokens: 100_000 }))).rejects.toBeInstanceOf(
      ContextLengthError,
    );
  });

  it("answers chat prompts through the model's chat template", async () => {
    const chat = await createLlamaCppBackend({
      model: modelPath,
      threads: 1,
      gpu: false,
      contextSize: 256,
      chat: true,
    });
    try {
      const messages = [{ role: 'user' as const, content: 'Tell me a story.' }];
      const ask = () => chat.generate({ ...request(), prompt: { kind: 'chat', messages } });
      const [first] = await ask();
      expect(first?.text.length).toBeGreaterThan(0);
      expect((await ask())[0]?.text).toBe(first?.text);
    } finally {
      await chat.close?.();
    }
  });

  it('drives the generation stage end to end', async () => {
    const runDir = await mkdtemp(join(tmpdir(), 'passk-llama-'));
    try {
      const result = await generate({
        task: tinyTask,
        problems: tinyProblems(2),
        backend,
        sampling: resolveSampling('pass@10', { nSamples: 2, maxNewTokens: 16 }),
        runDir,
      });
      expect(result.complete).toBe(true);
      expect(result.records.map((r) => r.program.startsWith('def f'))).toEqual([
        true,
        true,
        true,
        true,
      ]);
      expect(result.metadata.provenance).toMatchObject({
        backend: 'llama-cpp',
        settings: { threads: 1 },
      });
    } finally {
      await rm(runDir, { recursive: true, force: true });
    }
  });
});

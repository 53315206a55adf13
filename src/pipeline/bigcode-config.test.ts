import { describe, expect, it } from 'vitest';
import { bigcodeConfig } from './bigcode-config.js';

describe('bigcodeConfig', () => {
  it("fills bigcode's sampling keys from a model run's generation.json", () => {
    const config = bigcodeConfig({
      task: 'multiple-js',
      candidates: { kind: 'records', records: [] },
      nSamples: 20,
      saveReferences: false,
      generation: {
        fingerprint: { temperature: 0.2, topP: 0.95, maxNewTokens: 512, seed: 1234 },
        provenance: { model: 'asked-for', serverModel: 'served-model' },
      },
    });
    expect(config).toMatchObject({
      tasks: 'multiple-js',
      model: 'served-model',
      do_sample: true,
      temperature: 0.2,
      top_p: 0.95,
      top_k: 0,
      n_samples: 20,
      seed: 1234,
      max_length_generation: null,
      max_new_tokens: 512,
      load_generations_path: null,
      save_references: false,
      save_references_path: null,
      check_references: false,
    });
  });

  it('says greedy is not sampling, and leaves sampling keys null for a file', () => {
    const greedy = bigcodeConfig({
      task: 'humaneval',
      candidates: { kind: 'records', records: [] },
      nSamples: 1,
      saveReferences: true,
      generation: { fingerprint: { temperature: 0 }, provenance: { model: 'm' } },
    });
    expect(greedy).toMatchObject({ do_sample: false, model: 'm', save_references: true });
    const file = bigcodeConfig({
      task: 'humaneval',
      candidates: { kind: 'file', path: 'gen.json' },
      nSamples: 5,
      saveReferences: false,
    });
    expect(file).toMatchObject({
      model: null,
      temperature: null,
      top_p: null,
      do_sample: null,
      load_generations_path: 'gen.json',
      n_samples: 5,
    });
  });
});

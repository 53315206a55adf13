import { describe, expect, it } from 'vitest';
import { ConfigError } from '../core/errors.js';
import { resolveSampling } from '../generation/sampling.js';
import { checkResumedGeneration, resolveGenerationConfig } from './config.js';

const resolve = (temperature: number, nSamples: number, headers: Record<string, string> = {}) =>
  resolveGenerationConfig(
    {
      backend: 'openai-compatible',
      backendOptions: { baseUrls: ['http://127.0.0.1:1/v1'], api: 'completions', headers },
      sampling: resolveSampling('pass@10', { temperature, nSamples }),
      systemPrompt: 'ignored without --chat',
    },
    ['\ndef'],
  );

describe('a model run’s GenerationConfig', () => {
  it('records sampling, model and stops, header names only, no system prompt without chat', () => {
    const config = resolve(0.2, 10, { 'X-Auth': 'secret-value', accept: 'x' });
    expect(config).toMatchObject({
      backend: 'openai-compatible',
      model: null,
      api: 'completions',
      systemPrompt: null,
      temperature: 0.2,
      nSamples: 10,
      stop: ['\ndef'],
      headerNames: ['accept', 'x-auth'],
    });
    expect(JSON.stringify(config)).not.toContain('secret-value');
  });

  it('on resume: n may grow; a changed temperature or a header not given again is refused', () => {
    const started = resolve(0.2, 10, { 'X-Auth': 'a' });
    expect(() =>
      checkResumedGeneration(started, resolve(0.2, 20, { 'x-auth': 'a' })),
    ).not.toThrow();
    expect(() => checkResumedGeneration(started, resolve(0.6, 10, { 'x-auth': 'a' }))).toThrow(
      /temperature: 0\.2 → 0\.6/,
    );
    const missing = (() => {
      try {
        checkResumedGeneration(started, resolve(0.2, 10));
      } catch (error) {
        return error;
      }
    })();
    expect(missing).toBeInstanceOf(ConfigError);
    expect((missing as ConfigError).message).toContain('--header x-auth');
    expect((missing as ConfigError).hint).toContain("--header 'x-auth: VALUE'");
  });

  it('on resume: a smaller n is refused, saying how to score fewer samples', () => {
    const started = resolve(0.2, 10);
    const fewer = (() => {
      try {
        checkResumedGeneration(started, resolve(0.2, 5));
      } catch (error) {
        return error;
      }
    })();
    expect(fewer).toBeInstanceOf(ConfigError);
    expect((fewer as ConfigError).message).toBe(
      'this run was started with --n-samples 10: a resume can add samples, not drop them (--n-samples 5)',
    );
    expect((fewer as ConfigError).hint).toContain(
      'passk evaluate --generations RUN_DIR --n-samples 5',
    );
  });
});

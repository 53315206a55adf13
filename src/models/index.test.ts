import { describe, expect, it } from 'vitest';
import { ConfigError, NotFoundError } from '../core/errors.js';
import { apiKeyFromEnv } from './env.js';
import { backends, createBackend } from './index.js';
import { createLlamaCppBackend } from './llama-cpp.js';
import { normalizeBaseUrl } from './openai/backend.js';

describe('backend registry', () => {
  it('lists the builtins and suggests the nearest name', async () => {
    expect(backends.names()).toEqual(['llama-cpp', 'openai-compatible']);
    await expect(createBackend('openai-compatibel', {})).rejects.toThrow(
      /did you mean 'openai-compatible'/,
    );
    await expect(createBackend('nope', {})).rejects.toBeInstanceOf(NotFoundError);
  });

  it('requires a base URL for openai-compatible and builds one backend over all replicas', async () => {
    await expect(createBackend('openai-compatible', {})).rejects.toBeInstanceOf(ConfigError);
    const backend = await createBackend('openai-compatible', {
      baseUrls: ['http://127.0.0.1:1/v1', 'http://127.0.0.1:2'],
      batchSize: 3,
      api: 'chat',
    });
    expect(backend).toMatchObject({ concurrency: 6, promptKind: 'chat' });
    expect(backend.describe().baseUrls).toEqual(['http://127.0.0.1:1/v1', 'http://127.0.0.1:2/v1']);
  });
});

describe('configuration edges', () => {
  it('normalizes base URLs and rejects non-URLs', () => {
    expect(normalizeBaseUrl('http://host:8000/')).toBe('http://host:8000/v1');
    expect(normalizeBaseUrl('https://api.example.com/openai/v1/')).toBe(
      'https://api.example.com/openai/v1',
    );
    expect(() => normalizeBaseUrl('localhost 8000')).toThrow(ConfigError);
  });

  it('reads the API key from PASSK_API_KEY before OPENAI_API_KEY', () => {
    expect(apiKeyFromEnv({ PASSK_API_KEY: 'p', OPENAI_API_KEY: 'o' })).toBe('p');
    expect(apiKeyFromEnv({ OPENAI_API_KEY: 'o' })).toBe('o');
    expect(apiKeyFromEnv({ PASSK_API_KEY: '' })).toBeUndefined();
  });

  it('says how to install node-llama-cpp when it is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package 'node-llama-cpp'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const error = await createLlamaCppBackend({
      model: 'x.gguf',
      importEngine: () => Promise.reject(missing),
      engineDirs: [],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).hint).toContain('node-llama-cpp@3.21.1');
  });
});

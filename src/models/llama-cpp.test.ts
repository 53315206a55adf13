import { describe, expect, it } from 'vitest';
import { ContextLengthError } from './errors.js';
import { createLlamaCppBackend } from './llama-cpp.js';
import type { GenerateRequest } from './types.js';

/**
 * A stand-in for node-llama-cpp with the same surface: it "generates" words from a script,
 * reporting them through onToken / onTextChunk and honouring the abort signal. The real engine
 * is exercised in test/generation/llama-cpp.test.ts when it is installed.
 */
function fakeEngine(script: string[], calls: Record<string, unknown[]>) {
  const record = (name: string, value: unknown) => {
    calls[name] = [...(calls[name] ?? []), value];
  };
  return {
    resolveModelFile: async (uri: string, options: unknown) => {
      record('resolveModelFile', [uri, options]);
      return '/models/resolved.gguf';
    },
    getLlama: async (options: unknown) => {
      record('getLlama', options);
      return {
        dispose: async () => undefined,
        loadModel: async (options: unknown) => {
          record('loadModel', options);
          return {
            tokenize: (text: string) => text.split(' '),
            dispose: async () => undefined,
            createContext: async (options: unknown) => {
              record('createContext', options);
              return {
                contextSize: 64,
                dispose: async () => undefined,
                getSequence: () => ({ clearHistory: async () => undefined }),
              };
            },
          };
        },
      };
    },
    LlamaChatSession: class {
      constructor(private readonly options: { systemPrompt?: string }) {}
      async promptWithMeta(prompt: string, options: Record<string, unknown>) {
        record('chat', { system: this.options.systemPrompt, prompt, seed: options['seed'] });
        return { responseText: '```python\nreturn 1\n```', stopReason: 'eogToken' };
      }
      dispose() {}
    },
    LlamaCompletion: class {
      async generateCompletionWithMeta(_prompt: string, options: Record<string, unknown>) {
        record('generate', options);
        const signal = options['signal'] as AbortSignal;
        let response = '';
        for (const word of script.slice(0, options['maxTokens'] as number)) {
          if (signal.aborted) return { response, metadata: { stopReason: 'abort' } };
          response += word;
          (options['onToken'] as (t: unknown[]) => void)([word]);
          (options['onTextChunk'] as (t: string) => void)(word);
        }
        const stopReason = response.length === script.join('').length ? 'eogToken' : 'maxTokens';
        return { response, metadata: { stopReason } };
      }
    },
  };
}

const request = (sampling: Partial<GenerateRequest['sampling']> = {}, n = 1): GenerateRequest => ({
  prompt: { kind: 'completion', text: 'def f(x):' },
  n,
  sampling: { temperature: 0.8, topP: 0.95, maxNewTokens: 10, seed: 5, stop: [], ...sampling },
});

describe('llama-cpp backend (fake engine)', () => {
  it('resolves hf: references, passes threads, and seeds choice i with seed + i', async () => {
    const calls: Record<string, unknown[]> = {};
    const backend = await createLlamaCppBackend({
      model: 'hf:user/repo/model.gguf',
      threads: 3,
      modelsDir: '/cache',
      importEngine: async () => fakeEngine([' return', ' x'], calls),
    });
    const completions = await backend.generate(request({}, 2));
    expect(calls['resolveModelFile']).toEqual([
      ['hf:user/repo/model.gguf', { directory: '/cache' }],
    ]);
    expect(calls['loadModel']).toEqual([{ modelPath: '/models/resolved.gguf' }]);
    expect(calls['createContext']).toEqual([
      { threads: 3, contextSize: { max: 4096 }, sequences: 1 },
    ]);
    expect(calls['generate']?.map((o) => (o as { seed: number }).seed)).toEqual([5, 6]);
    expect(completions).toEqual([
      { text: ' return x', finishReason: 'stop', tokensIn: 2, tokensOut: 2 },
      { text: ' return x', finishReason: 'stop', tokensIn: 2, tokensOut: 2 },
    ]);
  });

  it('stops a sample at its stop sequence and reports max-token cuts as length', async () => {
    const calls: Record<string, unknown[]> = {};
    const script = ['    return', ' 1', '\n', 'def', ' g', '():', ' pass'];
    const backend = await createLlamaCppBackend({
      model: 'm.gguf',
      importEngine: async () => fakeEngine(script, calls),
    });
    const [stopped] = await backend.generate(request({ stop: ['\ndef'] }));
    expect(stopped).toMatchObject({
      text: '    return 1\ndef',
      finishReason: 'stop',
      stoppedEarlyBy: '\ndef',
      tokensSaved: 6,
    });
    const [cut] = await backend.generate(request({ maxNewTokens: 2 }));
    expect(cut).toMatchObject({ text: '    return 1', finishReason: 'length' });
  });

  it('sends chat prompts through the chat session, system prompt apart', async () => {
    const calls: Record<string, unknown[]> = {};
    const backend = await createLlamaCppBackend({
      model: 'm.gguf',
      chat: true,
      importEngine: async () => fakeEngine([], calls),
    });
    expect(backend.promptKind).toBe('chat');
    const messages = [
      { role: 'system' as const, content: 'You write Python.' },
      { role: 'user' as const, content: 'Write f.' },
    ];
    const [reply] = await backend.generate({ ...request(), prompt: { kind: 'chat', messages } });
    await backend.generate({ ...request(), prompt: { kind: 'chat', messages: messages.slice(1) } });
    expect(calls['chat']).toEqual([
      { system: 'You write Python.', prompt: 'Write f.', seed: 5 },
      { system: '', prompt: 'Write f.', seed: 5 },
    ]);
    expect(reply).toMatchObject({ text: '```python\nreturn 1\n```', finishReason: 'stop' });
  });

  it('refuses a prompt that leaves no room for the new tokens', async () => {
    const backend = await createLlamaCppBackend({
      model: 'm.gguf',
      importEngine: async () => fakeEngine([], {}),
    });
    await expect(backend.generate(request({ maxNewTokens: 63 }))).rejects.toBeInstanceOf(
      ContextLengthError,
    );
  });
});

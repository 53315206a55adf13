/**
 * ClassEval's incremental and compositional generation end to end: a local OpenAI-protocol
 * server answers each request by the method it names ("please complete NAME method in the
 * following class CLASS") with that method's reference code, fenced, or with a wrong body for
 * one method; each sample is one request per method, each a fresh prompt.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../helpers/data.js';
import { runTask } from '../helpers/task-runs.js';
import { fakeServers } from '../helpers/toy-model.js';

type Row = {
  class_name: string;
  methods_info: { method_name: string; solution_code: string }[];
};

const serve = fakeServers();
const ASKED = /please complete (\w+) method in the following class (\w+)/;

/** The server: each method's reference, or `wrong(method)`'s text when it returns one. */
async function methodServer(wrong: (method: string) => string | undefined = () => undefined) {
  const rows: Row[] = JSON.parse(await readFile(dataPath('classeval/ClassEval_data.json'), 'utf8'));
  return serve({
    text: ({ prompt }) => {
      const [, method, className] = ASKED.exec(prompt) ?? [];
      const row = rows.find((r) => r.class_name === className);
      const info = row?.methods_info.find((m) => m.method_name === method);
      if (info === undefined) return 'unknown method';
      const code = wrong(method!) ?? info.solution_code;
      return `Here is ${method}:\n\`\`\`python\n${code}\n\`\`\`\n`;
    },
  });
}

/** The prompt (completion) or user message (chat) of every request, in arrival order. */
function asked(requests: { body: Record<string, unknown> }[]): string[] {
  return requests.map(({ body }) =>
    typeof body['prompt'] === 'string'
      ? body['prompt']
      : String((body['messages'] as { content: string }[]).at(-1)!.content),
  );
}

const run = (task: string, baseUrl: string, extra: string[]) =>
  runTask(task, [
    '--model',
    'openai-compatible',
    '--base-url',
    baseUrl,
    '--max-new-tokens',
    '400',
    '--n-samples',
    '1',
    ...extra,
  ]);

describe('classeval-incremental and classeval-compositional', () => {
  it('incremental, completion model: one request per method, each with the methods before it, the last class passes', async () => {
    const server = await methodServer();
    const { metrics, results } = await run('classeval-incremental', server.baseUrl, [
      '--limit',
      '2',
      '--k',
      '1',
    ]);
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed']);
    expect(metrics['classeval-incremental']['method_pass@1']).toBe(1);
    // ClassEval_0 has 4 methods, ClassEval_1 5: one request each
    const prompts = asked(server.requests.filter((r) => r.path.endsWith('/completions')));
    expect(prompts).toHaveLength(9);
    const first = prompts.filter((p) => p.includes('class AccessGatewayFilter'));
    expect(first.map((p) => ASKED.exec(p)![1])).toEqual([
      'filter',
      'is_start_with',
      'get_jwt_user',
      'set_current_user_info_and_log',
    ]);
    // Alpaca's template; the second prompt holds the first method as extracted from its reply
    expect(first[1]).toMatch(/^Below is an instruction[\s\S]*### Response:\n$/);
    expect(first[1]).toContain(
      "    def filter(self, request):\n        request_uri = request['path']",
    );
    expect(first[0]).not.toContain("request_uri = request['path']");
  });

  it('compositional, chat: each method against the others as signatures; a wrong method fails its test classes only', async () => {
    const server = await methodServer((method) =>
      method === 'is_start_with'
        ? 'def is_start_with(self, request_uri):\n        return None'
        : undefined,
    );
    const { metrics, results } = await run('classeval-compositional', server.baseUrl, [
      '--chat',
      '--limit',
      '1',
      '--k',
      '1',
    ]);
    expect(results[0].status).toBe('failed');
    expect(results[0].message).toContain(
      'failed test classes: [AccessGatewayFilterTestFilter, AccessGatewayFilterTestIsStartWith, AccessGatewayFilterTest]',
    );
    expect(metrics['classeval-compositional']['method_pass@1']).toBeCloseTo(1 / 4);
    const messages = asked(server.requests.filter((r) => r.path.endsWith('/chat/completions')));
    expect(messages).toHaveLength(4);
    // the instruction alone; the other methods are signatures with pass, none of their code
    expect(messages[1]).toMatch(
      /^please complete is_start_with method in the following class AccessGatewayFilter\n\n/,
    );
    expect(messages[1]).toContain('    def filter(self, request):\n        pass\n');
    expect(messages[1]).not.toContain("request_uri = request['path']");
  });
});

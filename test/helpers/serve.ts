import { type PasskServer, type ServeOptions, startServer } from '../../src/index.js';
import { requireData } from './data.js';

/** HumanEval/2's prompt, as the dataset has it. */
export const TRUNCATE_PROMPT = `

def truncate_number(number: float) -> float:
    """ Given a positive floating point number, it can be decomposed into
    and integer part (largest integer smaller than given number) and decimals
    (leftover part always smaller than 1).

    Return the decimal part of the number.
    >>> truncate_number(3.5)
    0.5
    """
`;
/** HumanEval/2: the reference solution, and a wrong one. */
export const TRUNCATE_RIGHT = `${TRUNCATE_PROMPT}    return number % 1.0\n`;
export const TRUNCATE_WRONG = `${TRUNCATE_PROMPT}    return number\n`;

/** A passk server on a free loopback port, reading HumanEval from the shared data, no cache. */
export async function testServer(options: Partial<ServeOptions> = {}): Promise<PasskServer> {
  const dataDir = requireData('humaneval/HumanEval.jsonl.gz');
  return startServer({
    allowCodeExecution: true,
    port: 0,
    verdictCache: false,
    dataset: { dataDir, offline: true },
    ...options,
  });
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies, checked field by field by tests
type Json = any;

/** POSTs JSON; the status, the parsed body (text when not JSON) and the headers. */
export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

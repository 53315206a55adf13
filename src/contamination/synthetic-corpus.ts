import { open } from 'node:fs/promises';
import { mulberry32 } from '../metrics/stats/prng.js';

export interface SyntheticCorpusOptions {
  /** Approximate size to write, in bytes (the result says the exact size). */
  bytes: number;
  seed?: number;
  /** Text to insert once, at about `at` (a fraction of the size), on a line of its own. */
  plant?: { text: string; at: number };
  /**
   * 'text' (default) or 'jsonl': records {"id": i, "text": …} of 32 lines each, the layout of
   * common training-corpus dumps. `plantedAt` is then the record's line and the offset in its text.
   */
  format?: 'text' | 'jsonl';
}

const WORDS = (
  'self value result items data index count total name key node left right tmp buf row col ' +
  'def return if else elif for while in not and or is None True False import from class with ' +
  'try except raise pass break continue lambda yield print len range list dict set str int ' +
  'append extend sort keys get update split join strip format open read write close'
).split(' ');
const PUNCT = ['(', ')', '[', ']', ':', '=', '==', '+', '-', '*', ',', '.', '+=', '<', '>'];

/**
 * Writes a corpus of random Python-like lines to `file`, streaming (one ~1 MiB block in memory
 * at a time), for the contamination test and benchmark. Lines are drawn from a seeded pool of
 * random token sequences, so any 13 consecutive tokens match a real program only by chance
 * (≈ 70^-13). Returns where the planted text starts (byte offset and 1-based line).
 */
export async function writeSyntheticCorpus(
  file: string,
  options: SyntheticCorpusOptions,
): Promise<{ bytes: number; plantedAt?: { offset: number; line: number } }> {
  const random = mulberry32(options.seed ?? 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const pool = Array.from({ length: 8192 }, () => {
    const tokens = Array.from({ length: 3 + Math.floor(random() * 12) }, () =>
      random() < 0.7
        ? pick(WORDS)
        : random() < 0.8
          ? pick(PUNCT)
          : String(Math.floor(random() * 1000)),
    );
    return `${' '.repeat(4 * Math.floor(random() * 3))}${tokens.join(' ')}\n`;
  });
  const plantAt = options.plant === undefined ? -1 : Math.floor(options.bytes * options.plant.at);
  const handle = await open(file, 'w');
  let bytes = 0;
  let lines = 0;
  let plantedAt: { offset: number; line: number } | undefined;
  try {
    while (bytes < options.bytes) {
      const block: string[] = [];
      let size = 0;
      // JSONL blocks end on a record boundary, so records never straddle two blocks.
      const jsonl = options.format === 'jsonl';
      while (
        (size < 1 << 20 && bytes + size < options.bytes) ||
        (jsonl && block.length % 32 !== 0)
      ) {
        let line = pick(pool);
        if (plantedAt === undefined && plantAt >= 0 && bytes + size >= plantAt) {
          plantedAt =
            options.format === 'jsonl'
              ? { offset: jsonlOffset(block), line: Math.floor((lines + block.length) / 32) + 1 }
              : { offset: bytes + size, line: lines + block.length + 1 };
          line = `${options.plant!.text}\n`;
        }
        block.push(line);
        size += Buffer.byteLength(line);
      }
      let text = block.join('');
      if (options.format === 'jsonl') {
        const records: string[] = [];
        for (let i = 0; i < block.length; i += 32) {
          const id = (lines + i) / 32;
          records.push(`${JSON.stringify({ id, text: block.slice(i, i + 32).join('') })}\n`);
        }
        text = records.join('');
        size = Buffer.byteLength(text);
      }
      lines += block.length;
      await handle.write(text);
      bytes += size;
    }
  } finally {
    await handle.close();
  }
  return plantedAt === undefined ? { bytes } : { bytes, plantedAt };
}

/** Byte offset, in its record's text, of the line about to be added to `block` (32 per record). */
function jsonlOffset(block: readonly string[]): number {
  const start = block.length - (block.length % 32);
  return block.slice(start).reduce((sum, line) => sum + Buffer.byteLength(line), 0);
}

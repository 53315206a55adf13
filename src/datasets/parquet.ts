import { DatasetError } from '../core/errors.js';
import type { DatasetRow } from './rows.js';

/** Parquet files start and end with these four bytes. */
export function isParquet(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && String.fromCharCode(...bytes.subarray(0, 4)) === 'PAR1';
}

/**
 * Reads every row of a Parquet file as a plain object. Hub exports are snappy- or
 * zstd-compressed, hence the full set of decompressors. INT64 cells arrive as BigInt; they become
 * numbers when exactly representable and decimal strings otherwise, so rows stay JSON-safe.
 * Throws DatasetError when the bytes are not a readable Parquet file.
 */
export async function parseParquet(bytes: Uint8Array, file: string): Promise<DatasetRow[]> {
  // hyparquet reads from an ArrayBuffer-like; copy out exactly this file's bytes.
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  // Loaded here, not at the top: every CLI command imports this module, few read Parquet, and
  // the two packages are ~45 modules (~40 ms of CPU) at each start.
  const [{ parquetReadObjects }, { compressors }] = await Promise.all([
    import('hyparquet'),
    import('hyparquet-compressors'),
  ]);
  let rows: Record<string, unknown>[];
  try {
    rows = await parquetReadObjects({ file: buffer as ArrayBuffer, compressors });
  } catch (error) {
    throw new DatasetError(`${file}: not a readable Parquet file (${(error as Error).message})`, {
      hint: 'the download may be truncated: delete the file (or its cache entry) and load again',
      cause: error,
    });
  }
  return rows.map((row) => fromBigInts(row) as DatasetRow);
}

/** Replaces BigInts (at any depth: list and struct cells too) by numbers or decimal strings. */
export function fromBigInts(value: unknown): unknown {
  if (typeof value === 'bigint') return bigIntToJson(value);
  if (Array.isArray(value)) return value.map(fromBigInts);
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromBigInts(v)]));
  }
  return value;
}

function bigIntToJson(value: bigint): number | string {
  const safe = value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER);
  return safe ? Number(value) : value.toString();
}

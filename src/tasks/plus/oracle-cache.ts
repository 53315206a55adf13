import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type OracleCase = [number, string, string, boolean, unknown?, unknown?, number?];

/** What the ground truth gave for one problem (see oracle-script.ts for the fields). */
export interface OracleAnswer {
  /**
   * `[input index, arguments as Python source, expected output, isDigest, arguments encoded,
   * expected encoded, call seconds]`: the output as Python source, or (isDigest) the sha256 of
   * its canonical literal when it is big; arguments and output also in python-encode.ts's JSON
   * (the output null when digested), for the outside judge; the ground truth's own time on it.
   */
  cases: OracleCase[];
  /** Inputs left out, with why (ground truth raised, output too big or not writable). */
  skipped: [number, string][];
  /** Ground-truth time over all inputs, in milliseconds, calls only (no start-up). */
  gtMs: number;
  /** How each argument was read from the JSON (e.g. 'as_is', 'tuple_'). */
  conversion: string[];
  /** Outputs changed order under another hash seed: compare them as sets (see oracle.ts). */
  orderUnstable?: boolean;
}

/** What an answer depends on: change any part and it is computed again. */
export interface OracleKey {
  datasetSha256: string;
  problemId: string;
  /** passk's version and the oracle script's hash: a harness change can change the answer. */
  harness: string;
  /** e.g. 'python 3.11.2': outputs (float formatting, set order) can depend on it. */
  interpreter: string;
  /** Inputs read exactly from the dataset's JSON line (see raw-rows.ts), not as JS parsed them. */
  exactInputs: boolean;
}

/**
 * Content-addressed cache of oracle answers: one JSON file per key under `dir`, named by the
 * sha256 of the key. Written to a temporary name and renamed, so a concurrent run never reads
 * half a file; an unreadable file is a miss.
 */
export class OracleCache {
  constructor(private readonly dir: string | false) {}

  private file(key: OracleKey): string | undefined {
    if (this.dir === false) return undefined;
    const digest = createHash('sha256').update(JSON.stringify(key)).digest('hex');
    return join(this.dir, `${digest}.json`);
  }

  get(key: OracleKey): OracleAnswer | undefined {
    const file = this.file(key);
    if (file === undefined) return undefined;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as OracleAnswer;
    } catch {
      return undefined;
    }
  }

  put(key: OracleKey, answer: OracleAnswer): void {
    const file = this.file(key);
    if (file === undefined || this.dir === false) return;
    mkdirSync(this.dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(answer));
    renameSync(partial, file);
  }
}

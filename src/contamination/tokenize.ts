/**
 * Tokenisation and n-gram hashing for the contamination check, on UTF-8 bytes so a corpus is
 * never decoded. The tokeniser ("passk-ngram-v1"):
 *
 * - a token is a maximal run of word bytes (ASCII letters, digits, '_', and every byte ≥ 0x80, so
 *   a non-ASCII letter stays inside its word), or one punctuation byte (any other printable
 *   ASCII): `x[i]+=1` is `x [ i ] + = 1`;
 * - whitespace and control bytes separate tokens and are dropped, so re-indented or re-wrapped
 *   copies still match;
 * - ASCII letters are lowercased, so a copy that changed case (e.g. in a docstring) still matches.
 *
 * Each token is hashed twice (two FNV-1a variants, finalised with murmur3's mixer), and each run
 * of n tokens is hashed with two polynomial rolling hashes mod 2^32, updated in O(1) per token.
 * The two are packed into one 53-bit key: with ~10^5 benchmark n-grams, a 100 MB corpus (~3·10^7
 * n-grams) collides by chance with probability ~10^-4.
 */
export const TOKENIZER = 'passk-ngram-v1';

const SPACE = 0;
const WORD = 1;
const PUNCT = 2;
const CLASS = new Uint8Array(256);
const LOWER = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  const word =
    (b >= 0x30 && b <= 0x39) ||
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x61 && b <= 0x7a) ||
    b === 0x5f ||
    b >= 0x80;
  CLASS[b] = word ? WORD : b > 0x20 && b < 0x7f ? PUNCT : SPACE;
  LOWER[b] = b >= 0x41 && b <= 0x5a ? b + 32 : b;
}
const SEED1 = 0x811c9dc5;
const SEED2 = 0x3c6ef372;
const PRIME1 = 0x01000193;
const PRIME2 = 0x5bd1e995;
const BASE1 = 0x01000193;
const BASE2 = 0x2545f491;

function mix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

function power(base: number, exponent: number): number {
  let result = 1;
  for (let i = 0; i < exponent; i++) result = Math.imul(result, base);
  return result;
}

/**
 * Streams bytes into n-gram keys. Feed any chunking of a document with `push` (a token cut by a
 * chunk boundary continues in the next chunk, and the last n − 1 tokens carry over in the ring),
 * then `end()`; `reset()` starts a new document so no n-gram spans two. Memory is O(n).
 */
export class NgramScanner {
  /** Tokens seen over the scanner's life (never reset): the index of the next token. */
  tokens = 0;
  private readonly ring1: Int32Array;
  private readonly ring2: Int32Array;
  private readonly offsets: Float64Array;
  private readonly lines: Float64Array;
  private readonly out1: number;
  private readonly out2: number;
  private head = 0;
  private filled = 0;
  private h1 = 0;
  private h2 = 0;
  private inWord = false;
  private c1 = SEED1;
  private c2 = SEED2;
  private wordStart = 0;
  private wordLine = 1;
  /** 1-based line of the next byte. */
  line = 1;

  /**
   * @param n tokens per n-gram (≥ 1)
   * @param onNgram called with each n-gram's key, right after its last token (while
   *   `ngramStart()` describes it)
   * @param filter optional 2^24-bit prefilter (createFilter / setFilterBit), indexed by the top
   *   24 bits of the first hash:
   *   n-grams whose bit is clear are skipped without a call
   */
  constructor(
    readonly n: number,
    private readonly onNgram: (key: number) => void,
    private readonly filter?: Uint8Array,
  ) {
    if (!Number.isSafeInteger(n) || n < 1)
      throw new RangeError(`n-gram size must be ≥ 1, got ${n}`);
    this.ring1 = new Int32Array(n);
    this.ring2 = new Int32Array(n);
    this.offsets = new Float64Array(n);
    this.lines = new Float64Array(n);
    this.out1 = power(BASE1, n);
    this.out2 = power(BASE2, n);
  }

  /** Feeds `bytes`, which start at byte `offset` of the document. */
  push(bytes: Uint8Array, offset: number): void {
    let { inWord, c1, c2 } = this;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      const kind = CLASS[b]!;
      if (kind === WORD) {
        if (!inWord) {
          inWord = true;
          c1 = SEED1;
          c2 = SEED2;
          this.wordStart = offset + i;
          this.wordLine = this.line;
        }
        c1 = Math.imul(c1 ^ LOWER[b]!, PRIME1);
        c2 = Math.imul(c2 ^ LOWER[b]!, PRIME2);
        continue;
      }
      if (inWord) {
        inWord = false;
        this.token(c1, c2, this.wordStart, this.wordLine);
      }
      if (kind === PUNCT)
        this.token(
          Math.imul(SEED1 ^ b, PRIME1),
          Math.imul(SEED2 ^ b, PRIME2),
          offset + i,
          this.line,
        );
      else if (b === 0x0a) this.line++;
    }
    this.inWord = inWord;
    this.c1 = c1;
    this.c2 = c2;
  }

  /** Ends the document: a word still open at the end is a token. */
  end(): void {
    if (this.inWord) {
      this.inWord = false;
      this.token(this.c1, this.c2, this.wordStart, this.wordLine);
    }
  }

  /** Ends the document and starts a new one at line 1. */
  reset(): void {
    this.end();
    this.ring1.fill(0);
    this.ring2.fill(0);
    this.filled = 0;
    this.h1 = 0;
    this.h2 = 0;
    this.line = 1;
  }

  /** Byte offset and line of the first token of the n-gram just reported. */
  ngramStart(): { offset: number; line: number } {
    return { offset: this.offsets[this.head]!, line: this.lines[this.head]! };
  }

  private token(raw1: number, raw2: number, offset: number, line: number): void {
    const t1 = mix(raw1);
    const t2 = mix(raw2 ^ 0x9e3779b9);
    const head = this.head;
    // The ring holds the last n tokens; slot `head` is the oldest, about to drop out.
    this.h1 = (Math.imul(this.h1, BASE1) - Math.imul(this.ring1[head]!, this.out1) + t1) | 0;
    this.h2 = (Math.imul(this.h2, BASE2) - Math.imul(this.ring2[head]!, this.out2) + t2) | 0;
    this.ring1[head] = t1;
    this.ring2[head] = t2;
    this.offsets[head] = offset;
    this.lines[head] = line;
    this.head = head + 1 === this.n ? 0 : head + 1;
    this.tokens++;
    if (this.filled < this.n) this.filled++;
    if (this.filled < this.n) return;
    const k1 = this.h1 >>> 0;
    const filter = this.filter;
    if (filter !== undefined && (filter[k1 >>> 11]! & (1 << ((k1 >>> 8) & 7))) === 0) return;
    this.onNgram(k1 * 2097152 + (this.h2 >>> 11));
  }
}

/** Sets the prefilter bit of `key` in a 2^21-byte filter (see NgramScanner). */
export function setFilterBit(filter: Uint8Array, key: number): void {
  const k1 = Math.floor(key / 2097152);
  filter[k1 >>> 11] = filter[k1 >>> 11]! | (1 << ((k1 >>> 8) & 7));
}

/** A fresh prefilter: 2^24 bits, indexed by the top 24 bits of the first hash. */
export function createFilter(): Uint8Array {
  return new Uint8Array(1 << 21);
}

/** All n-gram keys of a text, in order, with the index of each n-gram's first token. */
export function ngramKeys(
  text: string,
  n: number,
): { keys: number[]; firstToken: number[]; tokens: number } {
  const keys: number[] = [];
  const firstToken: number[] = [];
  const scanner = new NgramScanner(n, (key) => {
    keys.push(key);
    firstToken.push(scanner.tokens - n);
  });
  scanner.push(new TextEncoder().encode(text), 0);
  scanner.end();
  return { keys, firstToken, tokens: scanner.tokens };
}

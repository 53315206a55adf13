/**
 * The host's reader of the result channel (RESULT_FD, worker/protocol.ts): the runners' events, each a flat JSON object of
 * string values in one of a few exact shapes. A program can write this channel too, so a line is
 * an event only in exactly its shape: JSON.parse alone would take the last of two `"e"` keys and
 * let a failure event with an extra `"e": "end"` read as the end of the tests.
 */

import { createHash } from 'node:crypto';
import { PROTOCOL, type ResultEvent } from './worker/protocol.js';

export type { ResultEvent };

/**
 * The key a harness tags its failure and tamper events with instead of the nonce, so that no
 * event written before the tests ended carries the nonce: a program that catches such an event
 * (the result fd re-pointed to its own file) learns nothing it could forge an end event with. The nonce
 * cannot be recovered from it (SHA-256). node-support.ts computes the same key.
 */
export function failureKey(nonce: string): string {
  return createHash('sha256')
    .update(`${PROTOCOL.markers.failureKeyPrefix}${nonce}`)
    .digest('hex')
    .slice(0, 32);
}

/** What a report holds: its events, and the first sign of a forged line, if any. */
export interface ReadReport {
  events: ResultEvent[];
  /** Set when a line is event-like but not exactly an event's shape (see readReport). */
  forged?: string;
}

/** The keys each event has besides `e` and the optional nonce `n` (end: the nonce is required). */
const SHAPES: Record<ResultEvent['e'], readonly string[]> = PROTOCOL.events;
const EXCEPTION_KINDS = new Set(PROTOCOL.exceptionKinds);

/**
 * The events of `report` for the program with `nonce`. An end event must carry the nonce; failure
 * and tamper events may carry it or its failure key (JavaScript's harness tags them with the key;
 * other languages' harnesses add the nonce; the Python runner never puts the nonce
 * in a failure event, so a program that re-points the result fd learns nothing from one). A line that
 * carries the nonce, or names an event kind, but is not exactly that event's shape (a duplicate or
 * unknown key, a non-string value, another nonce on an end) is a forgery: `forged` says which.
 * Other lines (outputs judged outside, a program's own writes) are not events and are ignored.
 */
export function readReport(report: string, nonce: string): ReadReport {
  const key = failureKey(nonce);
  const events: ResultEvent[] = [];
  let forged: string | undefined;
  for (const line of report.split('\n')) {
    if (!line.startsWith('{')) continue;
    const fields = flatObject(line);
    const kind = fields?.get('e') ?? kindOf(line);
    const claimsEvent =
      line.includes(nonce) ||
      line.includes(key) ||
      (kind !== undefined && Object.hasOwn(SHAPES, kind));
    if (!claimsEvent) continue;
    const event = fields && toEvent(fields, nonce, key);
    if (event) events.push(event);
    else forged ??= `a result line that is not exactly an event: ${line.slice(0, 120)}`;
  }
  return forged === undefined ? { events } : { events, forged };
}

/** The event `fields` make for `nonce`, or undefined when they are not exactly one. */
function toEvent(fields: Map<string, string>, nonce: string, key: string): ResultEvent | undefined {
  const kind = fields.get('e');
  if (kind === undefined || !Object.hasOwn(SHAPES, kind)) return undefined;
  const required = SHAPES[kind as ResultEvent['e']];
  const n = fields.get('n');
  // An end carries the nonce itself; any other event the nonce or its failure key (failureKey).
  if (n !== undefined && n !== nonce && (n !== key || kind === 'end')) return undefined;
  if (kind === 'end' && n === undefined) return undefined;
  if (fields.size !== 1 + required.length + (n === undefined ? 0 : 1)) return undefined;
  if (!required.every((key) => fields.has(key))) return undefined;
  if (kind === 'exc' && !EXCEPTION_KINDS.has(fields.get('k')!)) return undefined;
  const event: Record<string, string> = {};
  for (const [key, value] of fields) if (key !== 'n') event[key] = value;
  return event as ResultEvent;
}

/** The `e` a line names, read loosely (for a line too malformed to parse). */
function kindOf(line: string): string | undefined {
  return /"e"\s*:\s*"(\w+)"/.exec(line)?.[1];
}

// A key and a string value (raw control characters are refused by JSON.parse in decode()).
const PAIR = /\s*("(?:[^"\\]|\\.)*")\s*:\s*("(?:[^"\\]|\\.)*")\s*(,|\})/y;

/**
 * A line that is exactly one JSON object whose values are all strings, as key → value; undefined
 * for anything else, including a key that appears twice.
 */
export function flatObject(line: string): Map<string, string> | undefined {
  const fields = new Map<string, string>();
  const text = line.trimEnd();
  PAIR.lastIndex = 1;
  for (;;) {
    const at = PAIR.lastIndex;
    const match = PAIR.exec(text);
    if (!match || match.index !== at) return undefined;
    const key = decode(match[1]!);
    const value = decode(match[2]!);
    if (key === undefined || value === undefined || fields.has(key)) return undefined;
    fields.set(key, value);
    if (match[3] === '}') return PAIR.lastIndex === text.length ? fields : undefined;
  }
}

function decode(literal: string): string | undefined {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined;
  }
}

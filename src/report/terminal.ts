/**
 * Text that a sample controls (its exception's class name and message, what it printed) reaches
 * the terminal in passk's summaries. These helpers make sure it cannot drive the terminal (ANSI
 * escapes, carriage returns, bidi overrides) nor pass for one of passk's own lines.
 */

/** ANSI/VT escape sequences: CSI, OSC (ended by BEL or ST), and two-character escapes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escapes is the point
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]?/g;
/** C0 and C1 controls, DEL, line/paragraph separators and bidirectional overrides. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching controls is the point
const CONTROLS = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** One line of plain text: escapes removed, every control (newline included) a space, capped. */
export function oneLine(text: string, max = 2000): string {
  const flat = text.replace(ESCAPES, '').replace(CONTROLS, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A plain name: what real exception classes and passk's own statuses look like. */
const PLAIN_NAME = /^[A-Za-z_$][\w$.:-]{0,59}$/;

/**
 * A label that came from a sample (an error type): shown as-is when it is a plain name, else
 * quoted as a JSON string with `=` escaped, so it can never read as a `pass@k = …` line.
 */
export function sampleLabel(text: string): string {
  if (PLAIN_NAME.test(text)) return text;
  return JSON.stringify(oneLine(text, 60)).replaceAll('=', '\\u003d');
}

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oneLine, PASSK_VERSION } from '../index.js';

/**
 * A bug (anything that is not a PasskError): one line on stderr, and the stack in a file named
 * on the next line, so a terminal or CI log shows what broke without a wall of frames. The
 * command line is not written (a --header value may be a credential). When no file can be
 * written the stack goes to stderr after all: the details must land somewhere.
 *
 * @returns exit code 70 (EX_SOFTWARE)
 */
export function reportInternalError(error: unknown, now = new Date()): number {
  const summary =
    error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;
  const stack = (error instanceof Error ? error.stack : undefined) ?? summary;
  process.stderr.write(`passk: internal error: ${oneLine(summary)}\n`);
  const stamp = now.toISOString().replace(/[-:.]/g, '').slice(0, 15);
  const file = join(tmpdir(), `passk-internal-error-${stamp}-${process.pid}.log`);
  const details = `passk ${PASSK_VERSION}, node ${process.version}, ${process.platform}\n${stack}\n`;
  try {
    writeFileSync(file, details);
    process.stderr.write(`  details: ${file} (please report this, with that file)\n`);
  } catch {
    process.stderr.write(`  (please report this, with these details)\n${details}`);
  }
  return 70;
}

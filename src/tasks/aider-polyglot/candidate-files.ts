/**
 * A candidate that is several files (Aider polyglot's whole-file edits, a reference solution) as
 * one text: what generations.json and samples.jsonl keep for a sample. The task reads it back into
 * the Program's `files` (execution never sees this text). `#` lines before the JSON are comments.
 */
export function exercismSource(files: Readonly<Record<string, string>>): string {
  const sorted: Record<string, string> = {};
  for (const name of Object.keys(files).sort()) sorted[name] = files[name]!;
  return `${JSON.stringify({ files: sorted })}\n`;
}

/** The files of an exercismSource; throws on anything else (the task then reads a raw reply). */
export function exercismFiles(source: string): Record<string, string> {
  const body = source
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n');
  const parsed = JSON.parse(body) as { files?: Record<string, string> };
  if (typeof parsed.files !== 'object' || parsed.files === null)
    throw new Error('internal: an exercism program is {"files": {...}}');
  return parsed.files;
}

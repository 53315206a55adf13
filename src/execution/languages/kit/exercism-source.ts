/**
 * The source of an Exercism-layout program (Aider polyglot): the exercise's files, as one text
 * so that deduplication, the verdict cache and program hashes work as for one-file programs.
 * `#` lines before the JSON are comments (the preflight prefixes one to make a canary distinct).
 */
export function exercismSource(files: Readonly<Record<string, string>>): string {
  const sorted: Record<string, string> = {};
  for (const name of Object.keys(files).sort()) sorted[name] = files[name]!;
  return `${JSON.stringify({ files: sorted })}\n`;
}

/** The files of an exercismSource; throws on anything else (a task bug, not a model's). */
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

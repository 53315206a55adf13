/**
 * A multi-file program's files as one canonical text (sorted by path, JSON): what the verdict
 * cache key and results.jsonl's program_hash hash. Never parsed back.
 */
export function filesText(files: Readonly<Record<string, string>>): string {
  return JSON.stringify(
    Object.keys(files)
      .sort()
      .map((path) => [path, files[path]]),
  );
}

/** At most this many ids are quoted in one error message; the rest are counted. */
const MAX_LISTED = 5;

/** `'A', 'B', 'C'` or `'A', 'B', 'C', 'D', 'E', … (12 in all)`. */
export function listIds(ids: readonly string[]): string {
  const quoted = ids.slice(0, MAX_LISTED).map((id) => `'${id}'`);
  if (ids.length <= MAX_LISTED) return quoted.join(', ');
  return `${quoted.join(', ')}, … (${ids.length} in all)`;
}

/** 'string', 'number', 'null', 'array', 'object', … for "must be a string, got …" messages. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** `1 problem` / `3 problems`; pass the plural when it is not singular + 's'. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

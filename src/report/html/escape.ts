/**
 * Everything shown in the report may be model output or come from a dataset, so every string
 * reaches the page through one of these two functions (or through textContent in the browser).
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values (and SVG text). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * JSON for a `<script type="application/json">` block. `<` becomes \u003c so no `</script>` or
 * `<!--` in a program can end the block; U+2028/2029 are escaped for old JS parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Server-sent events, reduced to what OpenAI-protocol servers send: `data:` lines, events
 * separated by blank lines, a final `data: [DONE]`. Comments (`:` lines, used as keep-alives by
 * some proxies) and other fields are skipped.
 */

/** Yields each event's data; returns `true` if the stream ended with `[DONE]`, else `false`. */
export async function* sseData(
  body: AsyncIterable<Uint8Array>,
): AsyncGenerator<string, boolean, undefined> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, buffer[newline - 1] === '\r' ? newline - 1 : newline);
      buffer = buffer.slice(newline + 1);
      if (line === '') {
        if (data.length > 0) {
          const payload = data.join('\n');
          data = [];
          if (payload === '[DONE]') return true;
          yield payload;
        }
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line[5] === ' ' ? 6 : 5));
      }
      newline = buffer.indexOf('\n');
    }
  }
  // A final event without its blank line still counts; a torn stream is judged by the caller.
  const rest = [...data, ...(buffer.startsWith('data:') ? [buffer.slice(5).trimStart()] : [])];
  if (rest.length > 0) {
    const payload = rest.join('\n');
    if (payload === '[DONE]') return true;
    yield payload;
  }
  return false;
}

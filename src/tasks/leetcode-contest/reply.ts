/** The first ```python block of a text, without its fences. */
function firstPythonBlock(text: string): string | undefined {
  return /```python\n([\s\S]*?)\n```/.exec(text)?.[1];
}

/**
 * The program in a chat reply, read as DeepSeek-Coder's evaluate_leetcode.py reads it: the
 * first ```python block (`[PYTHON]` tags count as fences); a reply that starts inside the method
 * body ("\n        …") continues the stub in the prompt; otherwise the text up to the first
 * top-level def / class / if / comment / print.
 */
export function deepseekReplyProgram(promptSft: string, reply: string): string {
  const text = reply.replaceAll('[PYTHON]', '```python').replaceAll('[/PYTHON]', '```');
  if (text.startsWith('\n        ')) {
    const stub = (firstPythonBlock(promptSft) ?? promptSft).trim();
    return `${stub}\n${text}`;
  }
  if (text.includes('```python')) return firstPythonBlock(text) ?? text;
  return text.split(/\ndef|\nclass|\nif|\n#|\nprint/)[0] ?? text;
}

/**
 * CodeEval-Pro's prompts (eval/prompt_template.py, eval/utils.py `map_*_pro_problem`,
 * eval/run_api.py at 36f292e): the base problem and the self-invoking problem, both stripped, in
 * one fenced block; a base model continues a response that already repeats the base problem.
 */

const ASSISTANT =
  'You are an exceptionally intelligent coding assistant that consistently delivers accurate and reliable responses to user instructions.';

/**
 * What both prompts share: the two problems and the self-invoking instruction. BigCodeBench-Lite
 * Pro's (`map_bigcodebench_lite_pro_problem`) has a blank line before the closing fence.
 */
export function proInstruction(rawProblem: string, newProblem: string, lite = false): string {
  return [
    'Write a solution of python file to the following problems, the solution of the second problem requires single or multiple calls to the first solution.',
    '```python',
    rawProblem.trim(),
    newProblem.trim(),
    ...(lite ? [''] : []),
    '```',
  ].join('\n');
}

/** `PROMPT_WRAPPER` with `response_prefix` (the base problem, opened in a fence): base models. */
export function proCompletionPrompt(rawProblem: string, newProblem: string, lite = false): string {
  const instruction = proInstruction(rawProblem, newProblem, lite);
  return `${ASSISTANT}\n@@ Instruction\n${instruction}\n\n@@ Response\n\`\`\`python\n${rawProblem.trim()}\n`;
}

/**
 * `PROMPT_WRAPPER_API` (run_api.py): the user message for chat models. Upstream also sends
 * ASSISTANT as the system message; passk sends one only with --system-prompt.
 */
export function proChatPrompt(rawProblem: string, newProblem: string, lite = false): string {
  return `\n@@ Instruction\n${proInstruction(rawProblem, newProblem, lite)}\n@@ Response\n`;
}

/** The system message upstream's API runs send (documented; give it with --system-prompt). */
export const PRO_SYSTEM_MESSAGE = ASSISTANT;

/** Up to the first fence (inference.py and run_api.py cut every completion there). */
export function cutAtFence(text: string): string {
  const fence = text.indexOf('```');
  return fence === -1 ? text : text.slice(0, fence);
}

/** run_api.py: the reply after its first "```python", cut at the next fence. */
export function proChatCode(reply: string): string {
  const open = reply.indexOf('```python');
  return cutAtFence(open === -1 ? reply : reply.slice(open + '```python'.length));
}

/**
 * santize.py `post_process_humaneval`: drop a trailing `if __name__` block, else what follows
 * `# Test`, else what follows `# Example ` (upstream checks for `# Example` but splits on
 * `# Example `, so `# Example` without the space keeps the whole text).
 */
export function proSanitize(code: string): string {
  for (const [found, splitOn] of [
    ['if __name__', 'if __name__'],
    ['# Test', '# Test'],
    ['# Example', '# Example '],
  ] as const) {
    if (code.includes(found)) {
      const at = code.indexOf(splitOn);
      return at === -1 ? code : code.slice(0, at);
    }
  }
  return code;
}

import type { Params } from './info.js';

/** The headings upstream's `@{keyword.NAME}` stand for, in English. */
const KEYWORDS: Record<string, string> = {
  statement: 'Problem Statement',
  constraints: 'Constraints',
  input: 'Input',
  output: 'Output',
  sample: 'Sample',
};

/** A sample's input and its answer, by example name (e.g. 'example_00'). */
export type Examples = ReadonlyMap<string, { input: string; output?: string }>;

/**
 * task.md as the statement a model reads: the English text of each `@{lang.en}…@{lang.end}`
 * block, headings for `@{keyword.X}`, `[params]` values for `@{param.X}` and each
 * `@{example.X}` as its input and output blocks, as upstream's site shows them.
 */
export function renderStatement(markdown: string, params: Params, examples: Examples): string {
  return markdown
    .replace(/@\{lang\.en\}([\s\S]*?)(?=@\{lang\.(?:ja|end)\})/g, '$1')
    .replace(/@\{lang\.ja\}[\s\S]*?(?=@\{lang\.end\})/g, '')
    .replace(/@\{lang\.end\}\n?/g, '')
    .replace(/@\{keyword\.(\w+)\}/g, (_, name: string) => KEYWORDS[name] ?? name)
    .replace(/@\{param\.(\w+)\}/g, (whole, name: string) =>
      name in params ? formatParam(params[name]!) : whole,
    )
    .replace(/@\{example\.(\w+)\}/g, (whole, name: string) => {
      const example = examples.get(name);
      if (example === undefined) return whole;
      const output =
        example.output === undefined
          ? ''
          : `\n\nOutput\n\n\`\`\`\n${example.output.trimEnd()}\n\`\`\``;
      return `Input\n\n\`\`\`\n${example.input.trimEnd()}\n\`\`\`${output}`;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An integer such as 1_000_000_000 as `10^{9}` or 200000 as `2 \times 10^{5}`; others as given. */
export function formatParam(value: number | string | bigint): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && !Number.isInteger(value)) return String(value);
  const digits = BigInt(value).toString();
  const negative = digits.startsWith('-');
  const body = negative ? digits.slice(1) : digits;
  const zeros = body.length - body.replace(/0+$/, '').length;
  const lead = body.slice(0, body.length - zeros);
  if (zeros < 4 || lead.length > 1) return digits;
  const power = lead === '1' ? `10^{${zeros}}` : `${lead} \\times 10^{${zeros}}`;
  return negative ? `-${power}` : power;
}

import { readSourceFile } from '../../core/source-files.js';

/** Aider's two edit formats in its benchmark: whole files, or SEARCH/REPLACE blocks ("diff"). */
export const EDIT_FORMATS = ['diff', 'whole'] as const;
export type EditFormat = (typeof EDIT_FORMATS)[number];

/** The aider commit the texts in aider-prompts/ come from (see aider-prompts/README.md). */
export const AIDER_REVISION = '5dc9490bb35f9729ef2c95d00a19ccd30c26339c';

/** A fence as aider writes it: opening and closing text. */
export type Fence = readonly [string, string];
export const TRIPLE: Fence = ['```', '```'];
const QUADRUPLE: Fence = ['````', '````'];

/** One of aider's texts, byte for byte (aider-prompts/NAME.txt). */
export function aiderText(name: string): string {
  return readSourceFile(import.meta.url, `aider-prompts/${name}.txt`);
}

/**
 * The platform lines aider's no-shell prompt carries (base_coder.get_platform_info). Fixed here,
 * so that a run's prompts do not change with the machine, the shell or the day (a resume must
 * find the same prompts); aider's date line is left out (docs/aider-polyglot.md).
 */
const PLATFORM = '- Platform: Linux\n- Shell: SHELL=None\n';

/**
 * Python's str.format for aider's templates: the named fields aider's fmt_system_prompt fills,
 * with the model settings aider gives a model it has no settings for (lazy and overeager off, no
 * reply language, no shell commands); `{{`/`}}` are literal braces.
 */
export function fillTemplate(template: string, format: EditFormat, fence: Fence): string {
  const fields: Record<string, string> = {
    'fence[0]': fence[0],
    'fence[1]': fence[1],
    final_reminders: '',
    quad_backtick_reminder:
      fence[0] === QUADRUPLE[0]
        ? '\nIMPORTANT: Use *quadruple* backticks ```` as fences, not triple backticks!\n'
        : '',
    shell_cmd_prompt: aiderText('no-shell-cmd-prompt').replace('{platform}', PLATFORM),
    shell_cmd_reminder: '',
    rename_with_shell: '',
    go_ahead_tip: format === 'diff' ? aiderText('diff-go-ahead-tip') : '',
    platform: PLATFORM,
    language: 'the same language they are using',
  };
  return template.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (match, name: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    const value = fields[name!];
    if (value === undefined) throw new Error(`internal: aider template field {${name}} unknown`);
    return value;
  });
}

/**
 * The fence aider picks (base_coder.choose_fence): triple backticks unless a line of the files
 * starts with them, then quadruple (aider's further HTML-like fences are never needed here: no
 * exercise file starts a line with four backticks).
 */
export function chooseFence(files: readonly string[]): Fence {
  const lines = files.join('\n').split('\n');
  return lines.some((line) => line.startsWith('```')) ? QUADRUPLE : TRIPLE;
}

/** The system message: the format's main system prompt, a newline, its reminder. */
export function systemPrompt(format: EditFormat, fence: Fence): string {
  return `${fillTemplate(aiderText(`${format}-main-system`), format, fence)}\n${systemReminder(format, fence)}`;
}

/** The reminder aider appends to the last user message (model setting `reminder: user`). */
export function systemReminder(format: EditFormat, fence: Fence): string {
  return fillTemplate(aiderText(`${format}-system-reminder`), format, fence);
}

const EXAMPLES: Record<EditFormat, readonly ('user' | 'assistant')[]> = {
  whole: ['user', 'assistant'],
  diff: ['user', 'assistant', 'user', 'assistant'],
};

/** The format's example conversation, then aider's "I switched to a new code base" exchange. */
export function exampleMessages(
  format: EditFormat,
  fence: Fence,
): { role: 'user' | 'assistant'; content: string }[] {
  const examples = EXAMPLES[format].map((role, i) => ({
    role,
    content: fillTemplate(aiderText(`${format}-example-${i + 1}-${role}`), format, fence),
  }));
  return [
    ...examples,
    { role: 'user', content: aiderText('new-code-base') },
    { role: 'assistant', content: aiderText('ok') },
  ];
}

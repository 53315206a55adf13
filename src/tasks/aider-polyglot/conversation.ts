import type { Problem, TaskChatMessage } from '../types.js';
import {
  aiderText,
  chooseFence,
  type EditFormat,
  exampleMessages,
  type Fence,
  systemPrompt,
  systemReminder,
} from './aider-prompts.js';
import type { AiderData } from './data.js';
import { EditFormatError, editBlocks } from './editblock.js';
import { applyBlocks } from './search-replace.js';
import { wholeFileListings } from './wholefile.js';

/**
 * The chat files as aider names them: paths relative to the files' common folder (aider without
 * git roots the chat at find_common_root: one file's folder, or the files' common path).
 */
export function chatRoot(paths: readonly string[]): string {
  const folders = paths.map((path) => path.split('/').slice(0, -1));
  const first = folders[0] ?? [];
  let depth = 0;
  while (depth < first.length && folders.every((folder) => folder[depth] === first[depth])) depth++;
  return first.slice(0, depth).join('/');
}

const under = (root: string, name: string) => (root === '' ? name : `${root}/${name}`);

/** The exercise's files under aider's names, and back. */
export class ChatFiles {
  readonly root: string;
  constructor(private readonly problem: Problem<AiderData>) {
    this.root = chatRoot(Object.keys(problem.meta.solution));
  }

  /** Aider's name for a file of the exercise, if it is under the chat's root. */
  nameOf(path: string): string | undefined {
    if (this.root === '') return path;
    return path.startsWith(`${this.root}/`) ? path.slice(this.root.length + 1) : undefined;
  }

  /** Files by aider's name, from files by path. */
  named(files: Readonly<Record<string, string>>): Record<string, string> {
    const named: Record<string, string> = {};
    for (const [path, text] of Object.entries(files)) {
      const name = this.nameOf(path);
      if (name !== undefined) named[name] = text;
    }
    return named;
  }

  /** Files by path, from files by aider's name. */
  paths(named: Readonly<Record<string, string>>): Record<string, string> {
    const files: Record<string, string> = {};
    for (const [name, text] of Object.entries(named)) files[under(this.root, name)] = text;
    return files;
  }

  /** A file the model may create: a plain relative path that is not one of the exercise's others. */
  canCreate = (name: string): boolean => {
    const path = under(this.root, name);
    return (
      !path.startsWith('/') &&
      path.split('/').every((part) => part !== '' && !part.startsWith('.') && part !== '..') &&
      !(path in this.problem.meta.support)
    );
  };
}

/** A reply applied to the chat files: the files after, and whether aider would say it edited. */
export interface ReplyOutcome {
  files: Record<string, string>;
  edited: boolean;
  /** What aider would send back about a malformed reply or a block that did not match. */
  error?: string;
}

/** Applies one reply in the edit format to the chat files (by aider's names). */
export function applyReply(
  format: EditFormat,
  files: Readonly<Record<string, string>>,
  reply: string,
  chat: ChatFiles,
): ReplyOutcome {
  const fence = chooseFence(Object.values(files));
  try {
    if (format === 'whole') {
      const listed = wholeFileListings(reply, Object.keys(files), fence);
      const kept = Object.entries(listed).filter(([name]) => name in files || chat.canCreate(name));
      return { files: { ...files, ...Object.fromEntries(kept) }, edited: kept.length > 0 };
    }
    const blocks = editBlocks(reply, fence, Object.keys(files));
    const applied = applyBlocks(files, blocks, fence, chat.canCreate);
    return {
      files: applied.files,
      edited: applied.edited.length > 0,
      ...(applied.error === undefined ? {} : { error: applied.error }),
    };
  } catch (error) {
    if (!(error instanceof EditFormatError)) throw error;
    return { files: { ...files }, edited: false, error: error.message };
  }
}

/** The file-context exchange: aider's prefix, each file under its name in a fence, and "Ok, …". */
function filesMessages(files: Readonly<Record<string, string>>, fence: Fence): TaskChatMessage[] {
  let content = aiderText('files-content-prefix');
  for (const [name, text] of Object.entries(files))
    content += `\n${name}\n${fence[0]}\n${text}${fence[1]}\n`;
  return [
    { role: 'user', content },
    { role: 'assistant', content: aiderText('files-content-assistant-reply') },
  ];
}

/** The solution files' base names, as aider's benchmark lists them in its messages. */
export function fileList(problem: Problem<AiderData>): string {
  return Object.keys(problem.meta.solution)
    .map((path) => path.split('/').at(-1))
    .join(' ');
}

/** The first user message: the exercise's instructions and aider's benchmark addendum. */
export function instructionsMessage(problem: Problem<AiderData>): string {
  const addendum = aiderText('benchmark-instructions-addendum').replace(
    '{file_list}',
    fileList(problem),
  );
  return problem.datasetPrompt + addendum;
}

/**
 * The messages aider's benchmark sends for the next request, after `replies` (each answered by
 * `userMessages[i]`; the last user message is the one asking now): the system prompt, the
 * examples, the turns whose edits applied (each closed by "I updated the files." / "Ok."), the
 * files as they stand, then the turns still open with the edit-format reminder on the last user
 * message (base_coder.format_chat_chunks with aider's default model settings).
 */
export function aiderConversation(
  format: EditFormat,
  problem: Problem<AiderData>,
  replies: readonly string[],
  userMessages: readonly string[],
): TaskChatMessage[] {
  const chat = new ChatFiles(problem);
  let files = chat.named(problem.meta.solution);
  const done: TaskChatMessage[] = [];
  let current: TaskChatMessage[] = [{ role: 'user', content: instructionsMessage(problem) }];
  replies.forEach((reply, i) => {
    current.push({ role: 'assistant', content: reply });
    const outcome = applyReply(format, files, reply, chat);
    files = outcome.files;
    if (outcome.edited) {
      done.push(...current, {
        role: 'user',
        content: aiderText('files-content-gpt-edits-no-repo'),
      });
      done.push({ role: 'assistant', content: aiderText('ok') });
      current = [];
    }
    current.push({ role: 'user', content: userMessages[i]! });
  });
  const fence = chooseFence(Object.values(files));
  const last = current.at(-1)!;
  current[current.length - 1] = {
    role: 'user',
    content: `${last.content}\n\n${systemReminder(format, fence)}`,
  };
  return [
    { role: 'system', content: systemPrompt(format, fence) },
    ...exampleMessages(format, fence),
    ...done,
    ...filesMessages(files, fence),
    ...current,
  ];
}

/** The test-failure message aider's benchmark sends after a failed try: the output, then its request. */
export function testFailuresMessage(problem: Problem<AiderData>, output: string): string {
  return output + aiderText('benchmark-test-failures').replace('{file_list}', fileList(problem));
}

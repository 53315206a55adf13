import type { Command } from 'commander';
import { ConfigError } from '../index.js';
import {
  HARNESS_FLAGS,
  type Harness,
  type HarnessFlag,
  type HarnessFlagEntry,
} from './harness-flag-table.js';

const HARNESS_NAMES: Record<Harness, string> = {
  bigcode: 'bigcode-evaluation-harness',
  EvalPlus: 'EvalPlus',
};

export interface HarnessTranslation {
  /** The command line with the reference harnesses' flags in passk's spelling. */
  argv: string[];
  /** One line per flag translated or ignored, for stderr. */
  notes: string[];
  /** The harnesses whose flags were seen (their names go into a missing-flag error). */
  seen: Set<Harness>;
}

/**
 * Rewrites a bigcode-evaluation-harness or EvalPlus user's flags into passk's before commander
 * parses them: `--foo_bar` is `--foo-bar` where passk has that flag, a renamed flag
 * (`--load_generations_path`, `--samples`, `--tasks`) becomes passk's, a flag with no effect
 * here is dropped with a note, and one passk cannot honour is refused with the reason.
 *
 * @throws ConfigError for a refused flag or a value passk cannot take (`--tasks a,b`)
 */
export function translateHarnessFlags(argv: string[], program: Command): HarnessTranslation {
  const seen = new Set<Harness>();
  const notes: string[] = [];
  const name = argv[0];
  const command = program.commands.find((c) => c.name() === name);
  if (name === undefined || command === undefined) return { argv, notes, seen };
  const known = new Set(command.options.map((o) => o.long).filter((l) => l !== undefined));
  known.add('--help');
  const out = [name];
  for (let i = 1; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const step = translateFlag(token, argv[i + 1], name, known);
    out.push(...step.tokens);
    if (step.note !== undefined) notes.push(step.note);
    if (step.harness !== undefined) seen.add(step.harness);
    if (step.tookNext) i++;
  }
  return { argv: out, notes, seen };
}

interface FlagStep {
  tokens: string[];
  note?: string;
  harness?: Harness;
  /** The next token was this flag's value. */
  tookNext?: boolean;
}

/** One command-line token: passk's own (or not a flag) as it is, a harness flag translated. */
function translateFlag(
  token: string,
  next: string | undefined,
  command: string,
  known: ReadonlySet<string>,
): FlagStep {
  const match = /^--([\w-]+)(=[\s\S]*)?$/.exec(token);
  if (match === null || known.has(`--${match[1]}`)) return { tokens: [token] };
  const flag = match[1]!;
  const inline = match[2]?.slice(1);
  const entry = HARNESS_FLAGS[flag.replaceAll('-', '_')];
  const hyphenated = `--${flag.replaceAll('_', '-')}`;
  // The table first: bigcode's --batch_size is not passk's --batch-size.
  if (known.has(hyphenated) && entry?.[command as 'evaluate' | 'run'] === undefined) {
    const tokens = [inline === undefined ? hyphenated : `${hyphenated}=${inline}`];
    return { tokens, note: `--${flag} read as ${hyphenated}` };
  }
  // not a harness flag: commander reports it, with its suggestion
  if (entry === undefined) return { tokens: [token] };
  const fromNext = inline === undefined && entry.takesValue && next?.startsWith('-') === false;
  const value = fromNext ? next : inline;
  const action = actionFor(entry, command, `--${flag}`);
  const label = `--${flag} (${HARNESS_NAMES[entry.harness]})`;
  const step = { harness: entry.harness, tookNext: fromNext };
  if (action.kind === 'ignored') {
    if (value !== undefined) action.value?.(value);
    return { ...step, tokens: [], note: `${label} ignored: ${action.why}` };
  }
  const given = value !== undefined && entry.takesValue ? [action.value?.(value) ?? value] : [];
  return {
    ...step,
    tokens: [action.passk, ...given],
    note: `${label} read as passk's ${action.passk}`,
  };
}

/** What `passk COMMAND` does with a harness flag; a refusal is thrown with its reason. */
function actionFor(
  entry: HarnessFlagEntry,
  command: string,
  flag: string,
): Exclude<HarnessFlag, { kind: 'refused' }> {
  const harness = HARNESS_NAMES[entry.harness];
  const action = command === 'evaluate' || command === 'run' ? entry[command] : undefined;
  if (action === undefined) {
    throw new ConfigError(`${flag} (${harness}) does not apply to passk ${command}`, {
      hint: 'see docs/commands.md#coming-from-bigcode-or-evalplus',
    });
  }
  if (action.kind === 'refused') {
    throw new ConfigError(`${flag} (${harness}) is not supported by passk ${command}`, {
      hint: action.why,
    });
  }
  return action;
}

/**
 * For an error about a missing passk flag: the reference harnesses' names for it that
 * `command` reads (only the harnesses seen on the command line, when any were), e.g.
 * "bigcode-evaluation-harness's --load_generations_path".
 */
export function harnessNamesOf(passkFlag: string, command: string, seen: Set<Harness>): string[] {
  const names: string[] = [];
  for (const [flag, entry] of Object.entries(HARNESS_FLAGS)) {
    const action = command === 'evaluate' || command === 'run' ? entry[command] : undefined;
    if (action?.kind !== 'alias' || action.passk !== passkFlag) continue;
    if (seen.size > 0 && !seen.has(entry.harness)) continue;
    names.push(`${HARNESS_NAMES[entry.harness]}'s --${flag}`);
  }
  return names;
}

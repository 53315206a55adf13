import type { BatchStep, ExecStep, ResolvedLimits } from '../../worker/protocol.js';
import { harnessFile } from './harness-template.js';
import { artifactKey } from './process-runtime.js';

/**
 * Batch compilation: the programs of a run are grouped, and each group is compiled by ONE
 * compiler invocation into one binary holding every member, each in its own namespace (a Rust
 * module), behind a dispatcher `main` that runs only the member named by PASSK_MEMBER. Each
 * program still runs alone, in its own sandboxed process; only the compile is shared, so a
 * compiler's fixed cost (start-up, loading the standard library, the link) is paid once per
 * group instead of once per program.
 *
 * Verdicts stay those of compiling each program alone: a member the compiler blames for an error
 * is dropped and the rest rebuilt (BUILD_SCRIPT, up to ROUNDS builds), and a program outside the
 * final binary (blamed, not eligible, or its batch failed for any reason) is compiled alone by its
 * plan's own compile step, which gives its compile error exactly as before. A language adapter
 * admits into a batch only sources whose meaning cannot depend on the other members (its
 * `eligible`).
 */
export interface BatchLanguage {
  /** Only these sources join a batch; the others compile alone. */
  eligible(source: string): boolean;
  /** The member's own file(s) in the batch folder. */
  memberFiles(source: string, member: string): Record<string, string>;
  /** The dispatcher file: its name, and text with `{items}` and `{arms}`. */
  mainFile: string;
  main: string;
  /** Per member, with `{m}`: a line of `{items}` (declares the member) and of `{arms}` (runs it). */
  item: string;
  arm: string;
  /** The compiler's argv (cwd: the batch folder); it must write `output`. */
  argv: string[];
  output: string;
  /** A regular expression whose first group is a member the compiler's stderr blames. */
  blame: string;
  /** Files the build needs besides the members' and the dispatcher. */
  files?: Record<string, string>;
  /** The compiler's environment (the worker fills in `{cache}`). */
  env?: Record<string, string>;
  /**
   * A command run once over every member's file before the builds (Go: goimports), each file
   * being `file` with `{m}`; members it blames are dropped.
   */
  pre?: { argv: string[]; file: string };
  /**
   * The build compiles each member on its own and lists in a file `failed` those it left out
   * (java-batch.ts); a build that succeeds then holds the others.
   */
  partial?: boolean;
  /** A member's run step from the program's own (default: PASSK_MEMBER added to its environment). */
  memberRun?(run: ExecStep, member: string): ExecStep;
  /** Fewer programs than this in a run compile alone (default MIN_PROGRAMS). */
  minPrograms?: number;
}

/** Programs per batch: the compiler's fixed cost is shared by this many; a failure costs a rebuild. */
export const BATCH_SIZE = 32;
/** Builds per batch before its remaining members compile alone (each drops the blamed ones). */
const ROUNDS = 3;
/** Fewer programs than this in a run: nothing worth sharing. */
const MIN_PROGRAMS = 4;

/**
 * Run by the worker inside the sandbox as the compile step of the batch (as the programs' uid, the
 * batch folder its cwd): writes the dispatcher for the current members, compiles, and on an error
 * drops the members it blames and tries again. Writes `members` (the ones in the binary) only
 * when the build succeeded.
 */
const BUILD_SCRIPT = harnessFile(import.meta.url, 'batch_build.py');

/**
 * The text outside every `{…}`, with comments and string literals (`"…"`, Go's `` `…` ``) read in
 * one pass and left out. Undefined when the braces do not balance; a char literal holding a
 * brace (`'{'`) unbalances them, which only keeps the program out of a batch.
 */
export function topLevelText(source: string): string | undefined {
  let depth = 0;
  let out = '';
  let i = 0;
  const skipTo = (end: string, from: number) => {
    const at = source.indexOf(end, from);
    return at < 0 ? source.length : at + end.length;
  };
  while (i < source.length) {
    const c = source[i]!;
    // A comment separates tokens (Go: `func/**/init`, `var// x⏎y`): it leaves a space.
    if (source.startsWith('//', i)) [i, out] = [skipTo('\n', i), depth === 0 ? `${out} ` : out];
    else if (source.startsWith('/*', i))
      [i, out] = [skipTo('*/', i + 2), depth === 0 ? `${out} ` : out];
    else if (c === '`') i = skipTo('`', i + 1);
    else if (c === '"') {
      i++;
      while (i < source.length && source[i] !== '"' && source[i] !== '\n')
        i += source[i] === '\\' ? 2 : 1;
      i++;
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (depth === 0) out += c;
      if (depth < 0) return undefined;
      i++;
    }
  }
  return depth === 0 ? out : undefined;
}

interface Member {
  batch: number;
  member: string;
}

/** The batches of one run for one language: which source is which member of which batch. */
export class Batches {
  private members = new Map<string, Member>();
  private steps: { key: string; files: Record<string, string> }[] = [];

  constructor(
    private readonly language: BatchLanguage,
    private readonly python: readonly string[],
    private readonly version: string,
  ) {}

  /**
   * Groups the eligible sources, in run order, `lanes` batches at a time with members dealt round
   * robin: the slots start on different batches and build them side by side, instead of the
   * second slot waiting for the batch the first one is building.
   */
  prepare(sources: readonly string[], lanes: number): void {
    this.members.clear();
    this.steps = [];
    // PASSK_COMPILE_BATCH=0: every program compiled alone (to compare the two ways' verdicts).
    if (process.env['PASSK_COMPILE_BATCH'] === '0') return;
    const unique = [...new Set(sources)].filter((source) => this.language.eligible(source));
    if (unique.length < (this.language.minPrograms ?? MIN_PROGRAMS)) return;
    const groups: string[][] = [];
    const round = BATCH_SIZE * lanes;
    for (let start = 0; start < unique.length; start += round) {
      const chunk = unique.slice(start, start + round);
      const width = Math.min(lanes, Math.ceil(chunk.length / BATCH_SIZE));
      const base = groups.length;
      for (let lane = 0; lane < width; lane++) groups.push([]);
      chunk.forEach((source, index) => {
        groups[base + (index % width)]!.push(source);
      });
    }
    for (const group of groups) this.add(group);
  }

  private add(group: readonly string[]): void {
    if (group.length < 2) return;
    const batch = this.steps.length;
    const names = group.map((_, index) => `passk_m${index}`);
    const files: Record<string, string> = {
      ...this.language.files,
      'batch_build.py': BUILD_SCRIPT,
    };
    group.forEach((source, index) => {
      Object.assign(files, this.language.memberFiles(source, names[index]!));
      this.members.set(source, { batch, member: names[index]! });
    });
    const { mainFile, main, item, arm, argv, blame, pre, partial } = this.language;
    const spec = { members: names, rounds: ROUNDS, mainFile, main, item, arm, argv, blame, pre };
    if (partial) Object.assign(spec, { partial });
    files['batch.json'] = JSON.stringify(spec);
    const build = [...this.python, 'batch_build.py', '{cache}'];
    this.steps.push({ key: artifactKey(this.version, build, files), files });
  }

  /**
   * The batch step for `source`, or undefined when it compiles alone. `run`: the program's own
   * run step, which the batch's binary (named as the program's) takes as it is, plus PASSK_MEMBER.
   */
  step(source: string, limits: ResolvedLimits, run: ExecStep): BatchStep | undefined {
    const found = this.members.get(source);
    if (!found) return undefined;
    const { key, files } = this.steps[found.batch]!;
    const { env, output, memberRun } = this.language;
    return {
      key,
      files,
      ...(env ? { env } : {}),
      // The compiler's argv may name the artifact cache, which only the worker can spell.
      argv: [...this.python, 'batch_build.py', '{cache}'],
      outputs: [output, 'members'],
      limits,
      member: found.member,
      run: memberRun
        ? memberRun(run, found.member)
        : { ...run, env: { ...run.env, PASSK_MEMBER: found.member } },
    };
  }
}

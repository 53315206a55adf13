import { DatasetError } from '../../core/errors.js';

/** The six Exercism tracks of the Aider polyglot benchmark (folder names under aider-polyglot/). */
export const AIDER_LANGUAGES = ['cpp', 'go', 'java', 'javascript', 'python', 'rust'] as const;
export type AiderLanguage = (typeof AIDER_LANGUAGES)[number];

/** One exercise, read from its folder. */
export interface Exercise {
  /** '<language>/<name>', e.g. 'python/bowling'. */
  id: string;
  language: AiderLanguage;
  name: string;
  /** .docs/introduction.md + instructions.md + instructions.append.md, as Aider joins them. */
  instructions: string;
  /** The files the model edits (the stubs), by path in the exercise folder. */
  solution: Record<string, string>;
  /** The reference solution under the solution files' names (stubs it does not replace stay). */
  reference: Record<string, string>;
  /** Every other file the tests need (the tests, build files, helpers), by path. */
  support: Record<string, string>;
  /**
   * Crates the Rust reference uses that nothing here can fetch (cargo runs offline): such a
   * reference is not offered (it could only fail, and would fail the preflight).
   */
  referenceNeeds: string[];
}

interface ExerciseConfig {
  files?: { solution?: string[]; test?: string[]; example?: string[] };
}

const EXERCISE = /^(?:(cpp|go|java|javascript|python|rust)\/)?exercises\/practice\/([^/]+)\/(.+)$/;

/**
 * Groups the folder's rows (`{path, text}`, see datasets/directory.ts) into exercises. `language`:
 * the rows are one track's folder (aider-polyglot/python); absent: the whole benchmark.
 */
export function exercisesOf(
  rows: readonly Record<string, unknown>[],
  file: string,
  language?: AiderLanguage,
): Exercise[] {
  const byId = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const path = String(row['path']);
    const match = EXERCISE.exec(path);
    if (!match) continue;
    const lang = (match[1] ?? language) as AiderLanguage | undefined;
    if (lang === undefined) continue;
    const id = `${lang}/${match[2]}`;
    const files = byId.get(id) ?? new Map<string, string>();
    files.set(match[3]!, String(row['text']));
    byId.set(id, files);
  }
  return [...byId].map(([id, files]) => exerciseOf(id, files, file));
}

function exerciseOf(id: string, files: Map<string, string>, file: string): Exercise {
  const [language, name] = id.split('/') as [AiderLanguage, string];
  const config = parseConfig(files.get('.meta/config.json'), `${file}/${id}`);
  const solutionNames = config.files?.solution ?? [];
  const exampleNames = config.files?.example ?? [];
  if (solutionNames.length === 0 || exampleNames.length === 0) {
    throw new DatasetError(`${file}/${id}: .meta/config.json names no solution or example files`);
  }
  const solution: Record<string, string> = {};
  for (const path of solutionNames) solution[path] = files.get(path) ?? '';
  const reference = { ...solution };
  for (const example of exampleNames) {
    const target = solutionFor(example, solutionNames);
    reference[target] = files.get(example) ?? '';
  }
  const support: Record<string, string> = {};
  for (const [path, text] of files) {
    // the docs, the reference and Exercism's metadata are not the model's or the tests' business
    if (path.startsWith('.') || path.includes('/.') || solutionNames.includes(path)) continue;
    support[path] = text;
  }
  const doc = (path: string) => files.get(`.docs/${path}`)?.trim();
  const instructions = ['introduction.md', 'instructions.md', 'instructions.append.md']
    .map(doc)
    .filter((text): text is string => text !== undefined && text !== '')
    .join('\n\n');
  // Rust: the reference's own manifest (Exercism's Cargo-example.toml) names what it uses
  const manifest = files.get('.meta/Cargo-example.toml');
  if (language === 'rust' && manifest !== undefined && 'Cargo.toml' in reference)
    reference['Cargo.toml'] = manifest;
  const referenceNeeds =
    language === 'rust'
      ? externalCrates(exampleNames.map((e) => files.get(e) ?? '')).filter(
          (crate) => !OFFLINE_CRATES.has(crate),
        )
      : [];
  return { id, language, name, instructions, solution, reference, support, referenceNeeds };
}

const BUILTIN_CRATES = new Set(['std', 'core', 'alloc', 'crate', 'super', 'self']);
/** Crates Debian ships as sources (librust-rand-dev, librust-regex-dev): cargo finds them offline. */
const OFFLINE_CRATES = new Set(['rand', 'regex']);

/** Crates Rust sources name in `use x::…` or `extern crate x` that are not the standard ones. */
function externalCrates(sources: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of sources) {
    for (const match of text.matchAll(
      /^\s*(?:pub\s+)?(?:use\s+(\w+)::|extern\s+crate\s+(\w+))/gm,
    )) {
      const crate = match[1] ?? match[2]!;
      if (!BUILTIN_CRATES.has(crate)) found.add(crate);
    }
  }
  return [...found].sort();
}

/**
 * Where an example file goes: the solution file of the same base name; `example.*`/`proof.*`
 * onto the solution file of the same extension; any other (a Java reference's extra class) beside
 * the first solution file, under its own name.
 */
function solutionFor(example: string, solutions: readonly string[]): string {
  const base = (path: string) => path.split('/').at(-1)!;
  const ext = (path: string) => /\.[^./]+$/.exec(path)?.[0];
  const same = solutions.find((s) => base(s) === base(example));
  if (same !== undefined) return same;
  const generic = /^(example|proof)\b/.test(base(example));
  const byExt = solutions.find((s) => ext(s) !== undefined && ext(s) === ext(example));
  if (generic && byExt !== undefined) return byExt;
  const dir = solutions[0]!.split('/').slice(0, -1).join('/');
  return dir === '' ? base(example) : `${dir}/${base(example)}`;
}

function parseConfig(text: string | undefined, where: string): ExerciseConfig {
  try {
    return JSON.parse(text ?? '') as ExerciseConfig;
  } catch {
    throw new DatasetError(`${where}/.meta/config.json is missing or not JSON`);
  }
}

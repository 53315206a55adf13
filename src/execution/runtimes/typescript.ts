import ts from 'typescript';
import type { Verdict } from '../types.js';
import { JS_CANARIES, jsDiagnose, jsPlan } from './node-support.js';
import { defineProcessRuntime } from './process-runtime.js';

/**
 * TypeScript semantics (documented in the README):
 *  - the `typescript` package passk depends on (pinned, 6.0.x) is the compiler;
 *  - tests run on the program transpiled to CommonJS, target ES2022 (types erased, nothing
 *    checked), under the same Node preload as JavaScript: strict deep equality, loose-only
 *    passes reported as 'LooseEqualityOnly';
 *  - separately, every program is type-checked with `strict: true`, lib ES2022, no @types: one
 *    in-process compiler Program for all programs of a run, each file its own module. A program
 *    with any diagnostic is 'type-error', whatever its tests did (their result is in the message).
 */
const CHECK_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  lib: ['lib.es2022.d.ts'],
  types: [],
  noEmit: true,
  skipLibCheck: true,
  moduleDetection: ts.ModuleDetectionKind.Force,
};

const EMIT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  moduleDetection: ts.ModuleDetectionKind.Force,
};

/** Source → its first diagnostic ('' when it type-checks). Kept for the executor's lifetime. */
const checked = new Map<string, { code: number; message: string; count: number } | null>();
/** Parsed lib files, shared by every check (parsing lib.es2022 dominates a small check's cost). */
const libFiles = new Map<string, ts.SourceFile | undefined>();

/** Type-checks every new source in one compiler Program. */
export function typeCheck(sources: readonly string[]): void {
  const fresh = [...new Set(sources)].filter((s) => !checked.has(s));
  if (fresh.length === 0) return;
  const names = new Map(fresh.map((source, index) => [`/passk/program${index}.ts`, source]));
  const host = ts.createCompilerHost(CHECK_OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const own = names.get(name);
    if (own !== undefined) return ts.createSourceFile(name, own, language);
    if (!libFiles.has(name)) libFiles.set(name, getSourceFile.call(host, name, language, ...rest));
    return libFiles.get(name);
  };
  host.fileExists = (name) => names.has(name) || fileExists.call(host, name);
  host.readFile = (name) => names.get(name) ?? readFile.call(host, name);
  const program = ts.createProgram([...names.keys()], CHECK_OPTIONS, host);
  for (const [name, source] of names) {
    const file = program.getSourceFile(name);
    const diagnostics = file
      ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
      : [];
    const first = diagnostics[0];
    checked.set(
      source,
      first
        ? {
            code: first.code,
            message: ts.flattenDiagnosticMessageText(first.messageText, ' ').slice(0, 240),
            count: diagnostics.length,
          }
        : null,
    );
  }
}

function review(source: string, verdict: Verdict): Verdict {
  const problem = checked.get(source);
  if (!problem || verdict.status === 'infra-error') return verdict;
  const more = problem.count > 1 ? ` (+${problem.count - 1} more)` : '';
  return {
    ...verdict,
    status: 'type-error',
    errorType: `TS${problem.code}`,
    message: `${problem.message}${more}; tests when transpiled: ${verdict.status}`,
  };
}

export const typescript = defineProcessRuntime({
  language: 'typescript',
  versionArgv: ['/usr/bin/node', '-p', `'node ' + process.version + ', typescript ${ts.version}'`],
  debianPackages: 'nodejs',
  // The JavaScript canaries, declaring `require` so that they type-check (no @types/node).
  canaries: {
    ...JS_CANARIES,
    wrong: `declare var require: any;\n${JS_CANARIES.wrong.replace('(a, b)', '(a: number, b: number)')}`,
    earlyExits: JS_CANARIES.earlyExits.map((source) => `declare var process: any;\n${source}`),
  },
  plan(source, limits) {
    const js = ts.transpileModule(source, { compilerOptions: EMIT_OPTIONS }).outputText;
    return jsPlan(js, limits);
  },
  diagnose: jsDiagnose,
  prepareBatch: async (sources) => typeCheck(sources),
  review,
});

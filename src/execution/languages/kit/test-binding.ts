import type { Language, Verdict } from '../../types.js';

/**
 * Issue 25: in a compiled language the tests run in the candidate's own program, after its code,
 * so a candidate could rebind what they name (a local `assert`, a nested `Debug` class, a
 * `macro_rules! assert_eq`, a type that shadows `List`). A task marks where its tests begin with
 * this line, followed by the names its prompt declares (the function under test, the prompt's own
 * classes): `//@passk-tests Problem encrypt`. Only the LAST such line counts: the candidate comes
 * before the tests, so a line it wrote is never the last, and everything after the last one is
 * the task's own text. Without the line a program is run as it is (canaries, custom tasks).
 */
export const TESTS_MARKER = '//@passk-tests';

/** The program cut at the tests marker: the candidate's part, the tests, the prompt's names. */
export interface MarkedProgram {
  candidate: string;
  tests: string;
  declared: ReadonlySet<string>;
}

/** The marker line a task writes before its tests (`declared`: names its prompt declares). */
export function testsMarker(declared: Iterable<string>): string {
  return [TESTS_MARKER, ...new Set(declared)].join(' ');
}

export function splitAtTests(source: string): MarkedProgram | undefined {
  const at = source.lastIndexOf(`\n${TESTS_MARKER}`);
  if (at < 0) return undefined;
  const end = source.indexOf('\n', at + 1);
  const line = source.slice(at + 1, end < 0 ? source.length : end);
  const names = line.slice(TESTS_MARKER.length);
  if (names !== '' && !names.startsWith(' ')) return undefined;
  return {
    candidate: source.slice(0, at + 1),
    tests: end < 0 ? '' : source.slice(end + 1),
    declared: new Set(names.split(' ').filter(Boolean)),
  };
}

/** How one language's tests are bound, and what a candidate may not declare. */
interface Binding {
  /** The tests rewritten so their assertion names something the candidate cannot shadow. */
  bind?(tests: string): string;
  /** Declarations (the first capture group is the name) that could shadow a test's name. */
  declarations: RegExp[];
  /** Anything else only an attack writes: reason → pattern. */
  forbidden?: Record<string, RegExp>;
  /** Escapes the compiler reads as the character (Java, C#, Scala `\uXXXX`). */
  unicodeEscapes?: boolean;
}

/** Between two tokens: blanks and comments (C#: and preprocessor lines). */
const GAP = String.raw`(?:\s|/\*[\s\S]*?\*/|//[^\n]*\n|#[^\n]*\n)+`;
const decl = (keywords: string, name = String.raw`@?\`?(?:r#)?([A-Za-z_$][\w$]*)`) =>
  new RegExp(String.raw`(?<![\w$.])(?:${keywords})${GAP}${name}`, 'g');

/** Names of the harness itself (its nonce, wrapper, launcher, assertion helper). */
const HARNESS = /passk|__wrap_main|__real_main/i;

const BINDINGS: Record<string, Binding> = {
  csharp: {
    // The tests' Debug.Assert → passk's PasskAssert, a global-namespace class of the launcher
    // (a candidate type of that name is a duplicate definition, a compile error).
    bind: (tests) =>
      tests.replace(/(?<![\w.:])Debug\s*\.\s*Assert\s*\(/g, 'global::PasskAssert.That('),
    declarations: [
      decl('class|struct|interface|record|enum|namespace'),
      decl('using'),
      decl(String.raw`delegate${GAP}[\w<>\[\],.? ]+?`),
    ],
    forbidden: { 'stdlib-rebound': /namespace\s+(?:global::)?System\b/ },
    unicodeEscapes: true,
  },
  java: {
    // The tests' `assert` lines are already throws of java.lang.AssertionError (harden-tests.ts).
    declarations: [decl('class|interface|enum|record')],
    unicodeEscapes: true,
  },
  scala: {
    bind: (tests) => tests.replace(/(?<![\w.$`])assert\s*\(/g, '_root_.scala.Predef.assert('),
    declarations: [
      decl('class|object|trait|type|def|val|var|package'),
      new RegExp(String.raw`=>${GAP}\`?([A-Za-z_$][\w$]*)\`?${GAP}?[,}]`, 'g'),
    ],
    forbidden: { 'stdlib-rebound': /package\s+(?:_root_\s*\.\s*)?(?:scala|java)\b/ },
    unicodeEscapes: true,
  },
  rust: {
    bind: (tests) =>
      tests.replace(
        /(?<![\w:])(assert|assert_eq|assert_ne|debug_assert\w*|panic)!/g,
        '::core::$1!',
      ),
    declarations: [
      decl('struct|enum|union|type|trait|fn|const|static|mod|macro_rules!'),
      // `use … as name;` (one rename per statement is enough to see a rebinding)
      new RegExp(String.raw`\buse\b[^;]*?\bas${GAP}(?:r#)?([A-Za-z_]\w*)`, 'g'),
    ],
    forbidden: {
      // Code placed before `main`, where the nonce is still to be taken (nonce-channel.ts).
      'pre-main-code':
        /\b(?:link_section|global_asm|naked_asm|export_name|no_mangle)\b|#\s*!?\s*\[(?:\s|\/\/[^\n]*)*(?:used|unsafe)\b|\.(?:pre)?init_array/,
      'stdlib-rebound': /\bextern\s+crate\b/,
    },
  },
  d: {
    declarations: [
      decl('class|struct|union|enum|interface|template|alias'),
      // a function: `T name(…) {`, where `name` is one of the tests' (keywords never are); a
      // prompt ends at its function's parameters
      /(?<![\w.])([A-Za-z_]\w*)\s*(?:\([^(){};]*\)\s*)+(?:\{|if\b|in\b|out\b|do\b|$)/g,
    ],
    forbidden: {
      // druntime's unit tester is what runs the tests: a program must not replace it or reach
      // passk's symbols by their mangled names, and mixins hide both from this check.
      'unittest-runner':
        /\b(?:extendedModuleUnitTester|moduleUnitTester|core\s*\.\s*runtime|mixin|__traits)\b|pragma\s*\(\s*mangle/,
      // GDC's attributes place code before druntime starts (a section, an ifunc resolver)
      'pre-main-code': /\bgcc\s*\.\s*attributes\b|\bcrt_(?:con|de)structor\b/,
    },
  },
};

/** Every name `text` declares, by the binding's declaration patterns. */
function declaredNames(binding: Binding, text: string): Set<string> {
  const names = new Set<string>();
  for (const pattern of binding.declarations) {
    for (const match of text.matchAll(pattern)) if (match[1]) names.add(match[1]);
  }
  return names;
}

/** The assertion names of each language's tests: shadowing one is 'assert-rebound'. */
const ASSERTIONS = new Set(['assert', 'Assert', 'Debug', 'assert_eq', 'assert_ne', 'Predef']);

/** The tests rewritten to their bound form (unchanged for a language that needs none). */
export function bindTests(language: Language, tests: string): string {
  return BINDINGS[language]?.bind?.(tests) ?? tests;
}

/** The program with its marked tests bound (bindTests); unchanged without a marker. */
export function bindProgram(language: Language, source: string): string {
  const marked = splitAtTests(source);
  if (!marked) return source;
  const marker = source.slice(marked.candidate.length, source.length - marked.tests.length);
  return `${marked.candidate}${marker}${bindTests(language, marked.tests)}`;
}

/** The names a prompt declares in `language` (what a task lists on its tests marker). */
export function promptDeclarations(language: Language, prompt: string): string[] {
  const binding = BINDINGS[language];
  return binding ? [...declaredNames(binding, prompt)] : [];
}

/** Identifiers the tests name on their own (not after `.` or `::`), outside comments and strings. */
export function namesUsed(tests: string): Set<string> {
  const text = tests.replace(
    /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])'/g,
    ' ',
  );
  return new Set(text.match(/(?<![\w$.]|::)[A-Za-z_$][\w$]*/g) ?? []);
}

/**
 * Why this program's candidate part is an attack on its tests, or undefined: it declares a name
 * the tests use (other than those the prompt declares), names the harness, or writes something
 * only an attack writes. Read on the raw text (comments and strings included): a guess at where a
 * string ends could hide a declaration, an extra match only flags a sample that did not pass.
 */
export function tamperReason(language: Language, source: string): string | undefined {
  const binding = BINDINGS[language];
  const marked = splitAtTests(source);
  if (!binding || !marked) return undefined;
  const candidate = binding.unicodeEscapes ? unicodeUnescaped(marked.candidate) : marked.candidate;
  if (HARNESS.test(candidate)) return 'harness-named';
  for (const [reason, pattern] of Object.entries(binding.forbidden ?? {})) {
    if (pattern.test(candidate)) return reason;
  }
  // A name the tests declare themselves (a local, their own `main`) is theirs where they use it.
  const own = declaredNames(binding, marked.tests);
  const used = [...namesUsed(marked.tests)].filter((name) => !own.has(name));
  const shadowing = declaredNames(binding, candidate);
  const name = used.find((used) => shadowing.has(used) && !marked.declared.has(used));
  if (name === undefined) return undefined;
  return ASSERTIONS.has(name) ? 'assert-rebound' : 'name-rebound';
}

/** `\uXXXX` escapes as the characters they stand for (Java reads them before anything else). */
function unicodeUnescaped(text: string): string {
  return text.replace(/\\u+([0-9a-fA-F]{4})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * A verdict with the program's tamper reason, if any: from its candidate part (tamperReason) or
 * from the compile step, which says `passk-tamper: <reason>` on stderr (C++'s link checks). Such a
 * verdict is never 'passed'.
 */
export function reviewTamper(language: Language, source: string, verdict: Verdict): Verdict {
  const fromCompile = /passk-tamper: ([\w-]+)/.exec(verdict.output ?? verdict.message ?? '')?.[1];
  const reason = fromCompile ?? tamperReason(language, source);
  if (reason === undefined) return verdict;
  if (verdict.status !== 'passed') return { ...verdict, tamper: reason };
  return {
    ...verdict,
    status: 'failed',
    errorType: 'Tamper',
    message: `the program rebinds what its tests use (${reason})`,
    tamper: reason,
  };
}

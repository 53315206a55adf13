import type { AiderLanguage } from './exercises.js';

/**
 * Exercism marks all but the first test skipped, for learners; Aider's benchmark runs them all,
 * and so does passk: Rust's `#[ignore]` lines go (Aider passes --include-ignored), JavaScript's
 * `xtest`/`xit`/`test.skip` become `test`/`it`, Java's `@Disabled(…)` goes, Python's and Go's skips too.
 */
export function unskip(language: AiderLanguage, path: string, text: string): string {
  switch (language) {
    case 'rust':
      return path.endsWith('.rs')
        ? text.replace(/^\s*#\[ignore(?:\s*=\s*"[^"]*")?\]\s*\n/gm, '')
        : text;
    case 'javascript':
      // Aider's npm-test.sh rewrites only `xtest(`; passk also runs `xit` (23 of grep's 24
      // tests) and `test.skip` (two long tests Exercism's online runner skips)
      return path.endsWith('.spec.js')
        ? text
            .replace(/\bx(test|it|describe)\(/g, '$1(')
            .replace(/\b(test|it|describe)\.skip\(/g, '$1(')
        : text;
    case 'java':
      return path.endsWith('.java') ? text.replace(/^\s*@Disabled(?:\([^)]*\))?\s*\n/gm, '') : text;
    case 'python':
      return path.endsWith('_test.py')
        ? text.replace(/^\s*@(?:unittest\.)?skip\b.*\n/gm, '')
        : text;
    case 'go':
      return path.endsWith('_test.go') ? text.replace(/^\s*t\.Skip\(.*\)\s*\n/gm, '') : text;
    default:
      return text;
  }
}

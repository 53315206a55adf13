import type { Language } from '../../execution/types.js';
import { type MultiplEReference, multiplEReference } from '../multipl-e/reference.js';

/**
 * CRUXEval-X's languages passk runs, by upstream's file name (`<lang>.jsonl`, also the name its
 * prompts give the language), with upstream's `iterating_stops` (where a row's code ends and its
 * test begins; the first one found is cut at its first occurrence) and `input_map` (the call an
 * input answer replaces). Julia (jl) and Swift have no runtime here.
 */
export const RUNNABLE = {
  py: { language: 'python', stops: ['def check(candidate):'], inputCall: 'candidate(????)' },
  cpp: {
    language: 'cpp',
    stops: ['}\nint main()', '}\n\nint main()'],
    inputCall: 'candidate(????)',
  },
  java: {
    language: 'java',
    stops: ['    }\n    public static void main', '    }\n\n    public static void main'],
    inputCall: 'f(????)',
  },
  js: { language: 'javascript', stops: ['const assert'], inputCall: 'candidate(????)' },
  ts: {
    language: 'typescript',
    stops: ['declare var require: any;'],
    inputCall: 'candidate(????)',
  },
  go: { language: 'go', stops: ['func TestF(t *testing.T)'], inputCall: 'candidate(????)' },
  rs: {
    language: 'rust',
    stops: ['}\n\nfn main()', '}\nfn main()', '}\n\n\nfn main()'],
    inputCall: 'candidate(????)',
  },
  php: { language: 'php', stops: ['function candidate(...$args)'], inputCall: 'candidate(????)' },
  rb: { language: 'ruby', stops: ["require 'test/unit'"], inputCall: 'candidate.call(????)' },
  lua: { language: 'lua', stops: ["lu = require('luaunit')"], inputCall: 'candidate(????)' },
  pl: { language: 'perl', stops: ['use Test::Deep;'], inputCall: '$candidate->(????)' },
  r: { language: 'r', stops: ['test_humaneval'], inputCall: 'candidate(????)' },
  rkt: {
    language: 'racket',
    stops: [
      '(require rackunit)\n\n(define (test-humaneval)',
      '(require rackunit)\n(define (test-humaneval)',
    ],
    inputCall: '(candidate ????)',
  },
  scala: {
    language: 'scala',
    stops: ['    }\n    def main', '    }\n\n    def main'],
    inputCall: 'f(????)',
  },
  cs: {
    language: 'csharp',
    stops: ['    }\n    public static void Main', '    }\n\n    public static void Main'],
    inputCall: 'F(????)',
  },
  d: { language: 'd', stops: ['unittest'], inputCall: 'candidate(????)' },
  sh: {
    language: 'shell',
    stops: ['}\n\ncandidate()', '}\ncandidate()', '}\n\n\ncandidate()'],
    inputCall: '$(candidate ????)',
  },
} as const satisfies Record<
  string,
  { language: Language; stops: readonly string[]; inputCall: string }
>;

export type CruxevalXFile = keyof typeof RUNNABLE;

/** CRUXEval-X's sha256 of each data file at the pinned commit (../shared/data/SOURCES.md). */
export const SHA256: Record<CruxevalXFile, string> = {
  cpp: '3c38b8d77e2f832d81bf696f441ada4f4b45edbbae9496934c317ef8d1d9c86c',
  cs: '7cfeb71da970fe1ade909ba5552b8394d67f65d661f2a87d1c7b574fc9c63288',
  d: '208350f679541b7acef078be0ca5ca69a70a0b392a75113a442e50781918bbde',
  go: 'fc143cdb9b8d6ec5420fc7af935106f2e62e95895ef0b9ab642785b931f49b86',
  java: '5702d947aaac055885ff219e759a83b1459bf6494e6efa24e7841dc299a61420',
  js: '5c4fa32ac9c639ff6d630e0dcb3aba899016428bcd660520c9913e21a5c20daa',
  lua: 'e3c5b81f244e9e9c66ba1a1980c9fe189f0122dadb38d1b0425441cbb707db29',
  php: '6a9880b226f354778d4a6776d40a290e19e9e2803a48a482fcd8a3dfd1de7a2b',
  pl: '429b063a83080a09f5caf848d0ac16e6391a2ff99d7dc610437a026aac67484b',
  py: '7a0c363719dc5a5bbc4db3f008c92c3bedefc9a9bef34ec2754384719e36dcdd',
  r: '252b9b1122fe785c32e868c88ecfc3434b19853f78b796e5d0399a7213fe9633',
  rb: '71c2507145e762687a8d5e87004a2a5561efd98404b53e00460343b8a8b70094',
  rkt: 'c3d44984f2db70cfc2989f648f31a16f4e6ee36819a805522786cd4d1c525a30',
  rs: '23a25d91609e93af19e626b69bb5fedf33a90432bef8e446f3ad753fd3a293b3',
  scala: '2267ef78b69c6f037404bdcf61133b78bcfa97f26c5a08d5fe462abc3f985ec1',
  sh: '8227a8a12d460656f0e4bf870d7980ad56ff806362a5e1142855b774c7308691',
  ts: '0f7d44ac2171257035897acd3797246c2fb8c46777cc10b0e6b74830c132c985',
};

/**
 * The MultiPL-E evaluator upstream runs a language's programs with (inference/untils.py
 * `eval_code` → MutiPL-E/evaluation/src/eval_<lang>.py; its copy has the same limits and rules as
 * the one passk's MultiPL-E tasks follow). Python's is eval_python.py: `python3`, safe_subprocess's
 * 15 s, exit 0.
 */
export function evaluatorOf(lang: CruxevalXFile): MultiplEReference {
  return lang === 'py' ? { timeoutS: 15, differences: [] } : multiplEReference(lang);
}

/**
 * Rows whose own code fails its test here (docs/tasks.md "CRUXEval-X", reference runs): their
 * reference is no known-good program, so the preflight does not take it. TypeScript/280: an
 * undefined name; R/340: fails its
 * assertion; Shell/99 calls `python`, Shell/541 depends on the locale; Perl/382 and 493 on hash order.
 */
export const FAILING_REFERENCES: Partial<Record<CruxevalXFile, readonly number[]>> = {
  ts: [280],
  r: [340],
  sh: [99, 541],
  pl: [382, 493],
};

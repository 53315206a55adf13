import type { Language } from '../../execution/types.js';

/**
 * CRUXEval-X's file names (upstream's `<lang>.jsonl`) for the languages passk runs, with the
 * runtime each row runs in and the name the prompt gives the language.
 */
export const RUNNABLE = {
  py: { language: 'python', title: 'Python' },
  cpp: { language: 'cpp', title: 'C++' },
  java: { language: 'java', title: 'Java' },
  js: { language: 'javascript', title: 'JavaScript' },
  ts: { language: 'typescript', title: 'TypeScript' },
  go: { language: 'go', title: 'Go' },
  rs: { language: 'rust', title: 'Rust' },
  php: { language: 'php', title: 'PHP' },
  rb: { language: 'ruby', title: 'Ruby' },
  lua: { language: 'lua', title: 'Lua' },
  pl: { language: 'perl', title: 'Perl' },
  r: { language: 'r', title: 'R' },
  rkt: { language: 'racket', title: 'Racket' },
  scala: { language: 'scala', title: 'Scala' },
  cs: { language: 'csharp', title: 'C#' },
  d: { language: 'd', title: 'D' },
  sh: { language: 'shell', title: 'Shell' },
} as const satisfies Record<string, { language: Language; title: string }>;

export type CruxevalXFile = keyof typeof RUNNABLE;

/** CRUXEval-X's content sha256 of each file (/work/shared/data/SOURCES.md). */
export const SHA256: Partial<Record<CruxevalXFile, string>> = {
  cpp: '3c38b8d77e2f832d81bf696f441ada4f4b45edbbae9496934c317ef8d1d9c86c',
  java: '5702d947aaac055885ff219e759a83b1459bf6494e6efa24e7841dc299a61420',
  lua: 'e3c5b81f244e9e9c66ba1a1980c9fe189f0122dadb38d1b0425441cbb707db29',
  py: '7a0c363719dc5a5bbc4db3f008c92c3bedefc9a9bef34ec2754384719e36dcdd',
};

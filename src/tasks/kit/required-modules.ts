import type { ExecEnvironment } from '../../execution/environments/types.js';
import type { Problem } from '../types.js';

const IMPORT = /^[ \t]*(?:import|from)[ \t]+([A-Za-z_]\w*)/gm;

/**
 * A Task.requires for a Python task with an environment: the environment's modules a problem's
 * tests or reference import (top-level names), and 'network' when `download` finds a download
 * in them (such problems cannot run in the sandbox).
 */
export function requiredModulesOf(
  environment: ExecEnvironment,
  download: RegExp,
): (problem: Problem) => string[] {
  const known = new Set(environment.python.modules);
  return (problem) => {
    const text = `${problem.tests}\n${problem.reference ?? ''}`;
    const found = new Set<string>();
    for (const match of text.matchAll(IMPORT)) if (known.has(match[1]!)) found.add(match[1]!);
    if (download.test(text)) found.add('network');
    return [...found].sort();
  };
}

import { posix } from 'node:path';
import type { Params } from './info.js';

/** Reads a file of the data tree by its '/'-separated path; undefined when there is none. */
export type TreeReader = (path: string) => string | undefined;

const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"]+)"[^\n]*$/gm;

/**
 * A solution as one file: each `#include "X"` replaced by X's text, looked up beside the file
 * that includes it, then in `common/`, `params.h` being the problem's [params] as upstream's
 * generate.py writes it. A file is inlined once (include guards and `#pragma once` then do
 * nothing harmful); an include found nowhere stays, and the compiler says so. Several paths
 * (a `function = true` solution and its grader) become one translation unit, in that order.
 */
export function inlineIncludes(
  paths: string | readonly string[],
  read: TreeReader,
  params: Params,
): string {
  const done = new Set<string>();
  const expand = (file: string, text: string): string =>
    text.replace(INCLUDE, (line, name: string) => {
      if (posix.basename(name) === 'params.h') return paramsHeader(params);
      const candidates = [posix.join(posix.dirname(file), name), posix.join('common', name)];
      const found = candidates.find((candidate) => read(candidate) !== undefined);
      if (found === undefined) return line;
      if (done.has(found)) return '';
      done.add(found);
      return expand(found, read(found)!);
    });
  const files = typeof paths === 'string' ? [paths] : paths;
  return files.map((path) => expand(path, read(path) ?? '')).join('\n');
}

/** params.h as upstream's generate.py writes it. */
export function paramsHeader(params: Params): string {
  return Object.entries(params)
    .map(([key, value]) =>
      typeof value === 'string'
        ? `#define ${key} "${value}"`
        : typeof value === 'number' && !Number.isInteger(value)
          ? `#define ${key} ${value}`
          : `#define ${key} (long long)${value}`,
    )
    .join('\n');
}

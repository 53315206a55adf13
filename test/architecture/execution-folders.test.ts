/**
 * Issue 26's rules inside execution/: a language is one folder that reaches no other language,
 * what languages share lives in languages/kit (which reaches no language), the in-sandbox
 * runtime (worker/) is a leaf that knows no language, and the folders form no cycle.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executionFolderOf, findCycles, folderGraph, importEdges } from './import-graph.js';

/**
 * execution/'s own files (its shared types, the executor that drives every folder) and the
 * language registry (languages/index.ts and registry.ts, which load each language lazily) are the
 * hubs every folder meets at; the rules are about the folders between them.
 */
function subFolderOf(file: string): string | undefined {
  const folder = executionFolderOf(file);
  return folder === 'execution' || folder === 'execution/languages' ? undefined : folder;
}

const graph = folderGraph(importEdges(join(import.meta.dirname, '..', '..', 'src')), subFolderOf);

const isLanguage = (folder: string) =>
  folder.startsWith('execution/languages/') && folder !== 'execution/languages/kit';

/** `from → to` pairs of folders that break a rule. */
function violations(g: ReadonlyMap<string, readonly string[]>): string[] {
  const bad: string[] = [];
  for (const [from, deps] of g) {
    for (const to of deps) {
      const languageToLanguage = isLanguage(from) && isLanguage(to);
      const kitToLanguage = from === 'execution/languages/kit' && isLanguage(to);
      const workerOut =
        from === 'execution/worker' &&
        (to.startsWith('execution/languages') || to === 'execution/runtimes');
      if (languageToLanguage || kitToLanguage || workerOut) bad.push(`${from} → ${to}`);
    }
  }
  return bad;
}

describe('execution folders', () => {
  it('sees every language folder', () => {
    for (const name of ['python', 'cpp', 'go', 'java', 'c']) {
      expect(graph.has(`execution/languages/${name}`), name).toBe(true);
    }
  });

  it('no language imports another, kit imports no language, worker/ imports no language', () => {
    expect(violations(graph)).toEqual([]);
  });

  it('has no cycles between its folders', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('the checks can fail', () => {
    const planted = new Map([
      ['execution/languages/java', ['execution/languages/cpp']],
      ['execution/languages/kit', ['execution/languages/go']],
      ['execution/worker', ['execution/languages/kit']],
      ['execution/sandboxes', ['execution/runtimes']],
      ['execution/runtimes', ['execution/sandboxes']],
    ]);
    expect(violations(planted)).toEqual([
      'execution/languages/java → execution/languages/cpp',
      'execution/languages/kit → execution/languages/go',
      'execution/worker → execution/languages/kit',
    ]);
    expect(findCycles(planted)).toEqual([
      ['execution/sandboxes', 'execution/runtimes', 'execution/sandboxes'],
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findCycles,
  folderGraph,
  folderOf,
  formatGraph,
  type ImportEdge,
  importEdges,
} from './import-graph.js';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The layers, bottom first. A folder may import only from folders on a lower layer: so store and
 * metrics never reach pipeline, report or cli, and report (which only presents) never reaches
 * pipeline. Folders on the same layer do not import each other.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['core'],
  ['datasets', 'execution', 'postprocess'],
  ['metrics', 'models'],
  ['tasks'],
  ['store', 'contamination'],
  ['generation', 'compare'],
  ['pipeline', 'report'],
  ['api', 'serve'],
  ['index'],
  ['cli'],
];

const rank = new Map(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i] as const)));

/** Imports that go sideways or up a layer, as `from → to` file pairs. */
function upwardImports(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter(({ from, to }) => {
      const [a, b] = [folderOf(from), folderOf(to)];
      return a !== b && (rank.get(b) ?? Infinity) >= (rank.get(a) ?? -1);
    })
    .map(({ from, to }) => `${from} → ${to}`);
}

const edges = importEdges(join(ROOT, 'src'));
const graph = folderGraph(edges);

/** CLI imports of anything outside cli/ but index.ts (biome's noRestrictedImports says the same). */
function cliImportsPastIndex(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter(({ from, to }) => folderOf(from) === 'cli' && !['cli', 'index'].includes(folderOf(to)))
    .map(({ from, to }) => `${from} → ${to}`);
}

describe('architecture', () => {
  it('puts every source folder on a layer', () => {
    expect([...graph.keys()].filter((folder) => !rank.has(folder))).toEqual([]);
  });

  it('imports only from lower layers', () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  it('lets the CLI import only the library entry point, src/index.ts', () => {
    expect(cliImportsPastIndex(edges)).toEqual([]);
  });

  it('has no cycles between folders', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('lists the folder graph in docs/architecture.md', () => {
    const readme = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const block = `\n\`\`\`\n${formatGraph(graph).join('\n')}\n\`\`\`\n`;
    // Exactly this block: a stale line or a missing one fails (regenerate it from formatGraph).
    expect(readme.includes(block), `docs/architecture.md needs:${block}`).toBe(true);
  });
});

describe('import graph checks', () => {
  // The checks above would pass on an empty graph; these show they can fail.
  it('finds an upward import and a cycle', () => {
    const bad = [
      { from: 'store/a.ts', to: 'pipeline/b.ts' },
      { from: 'pipeline/b.ts', to: 'store/a.ts' },
    ];
    expect(upwardImports(bad)).toEqual(['store/a.ts → pipeline/b.ts']);
    const cli = [{ from: 'cli/commands/x.ts', to: 'store/load.ts' }];
    expect(cliImportsPastIndex(cli)).toEqual(['cli/commands/x.ts → store/load.ts']);
    expect(findCycles(folderGraph(bad))).toEqual([['pipeline', 'store', 'pipeline']]);
  });

  it('sees static, re-export and dynamic imports', () => {
    const files = new Set(edges.map((e) => e.from));
    expect(files.has('index.ts')).toBe(true);
    expect(edges.some((e) => e.from === 'tasks/index.ts' && e.to === 'tasks/families.ts')).toBe(
      true,
    );
    // A re-export (`export { family as x } from …`) is an import too.
    expect(
      edges.some((e) => e.from === 'tasks/families.ts' && e.to === 'tasks/humaneval/family.ts'),
    ).toBe(true);
  });
});

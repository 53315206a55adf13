import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** An import of one source file by another, both relative to the source root. */
export interface ImportEdge {
  from: string;
  to: string;
}

/** Test files, test helpers and fixtures: allowed to reach anywhere, not part of the layering. */
const NOT_LAYERED = /(\.test\.ts|\.test-helpers\.ts)$|(^|\/)__fixtures__\//;
/** Static `import … from`, `export … from`, side-effect `import '…'` and dynamic `import('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return entry.name.endsWith('.ts') ? [relative(root, path).split(sep).join('/')] : [];
  });
}

/** Every relative import between the layered (non-test) source files under `root`. */
export function importEdges(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(root)) {
    if (NOT_LAYERED.test(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const target = normalize(join(dirname(file), match[1]!))
        .split(sep)
        .join('/');
      edges.push({ from: file, to: target.replace(/\.js$/, '.ts') });
    }
  }
  return edges;
}

/** The top-level folder of a file (`index` for src/index.ts). */
export function folderOf(file: string): string {
  const [head, ...rest] = file.split('/');
  return rest.length === 0 ? head!.replace(/\.ts$/, '') : head!;
}

/**
 * The folder inside execution/ a file belongs to: `execution/languages/<name>` for a language
 * (and `execution/languages/kit`), `execution/<sub>` for a sub-folder, `execution` for its own
 * files; undefined outside execution/.
 */
export function executionFolderOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'execution') return undefined;
  if (parts.length <= 2) return 'execution';
  if (parts[1] === 'languages' && parts.length > 3) return `execution/languages/${parts[2]}`;
  return `execution/${parts[1]}`;
}

/** Folder → the folders it imports from (itself excluded), sorted; `folder` names a file's folder. */
export function folderGraph(
  edges: readonly ImportEdge[],
  folder: (file: string) => string | undefined = folderOf,
): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const [a, b] = [folder(from), folder(to)];
    if (a === undefined || b === undefined) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    if (a !== b) graph.get(a)!.add(b);
  }
  return new Map([...graph].sort().map(([folder, deps]) => [folder, [...deps].sort()]));
}

/** The cycles of a graph, each as a path that returns to its start (empty: acyclic). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]): void => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      cycles.push([...path.slice(path.indexOf(node)), node]);
      return;
    }
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
}

/** The graph as README lines: `folder → dep, dep`. */
export function formatGraph(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].map(([folder, deps]) => `${folder} → ${deps.join(', ') || '(nothing)'}`);
}

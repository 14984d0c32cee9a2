// The web app's layering, checked on the import statements of every source file (tests included), so CI fails
// when someone breaks it: components/ and lib/ are the shared layers and import neither a feature nor the
// app's composition root; no feature imports a feature that imports it back (features/<name>, with its
// subfolders, is one node of the graph).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// import.meta.url is not a file: URL under jsdom; the directory is.
const SRC = resolve(import.meta.dirname, '..');

/** One import between two source files, paths relative to src/ with forward slashes. */
interface ImportEdge {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const srcPath = (path: string): string => relative(SRC, path).split(sep).join('/');

/**
 * Every relative module a file names: static imports and re-exports (`import type` included, it couples the
 * code all the same) and dynamic `import()`. TypeScript's own scanner reads them, so an import written in a
 * comment or a string does not count.
 */
function importsOf(file: string): ImportEdge[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => ({ from: srcPath(file), to: srcPath(resolve(dirname(file), fileName)) }));
}

/** The feature a path belongs to (`features/conversation/timeline/x.ts` → `conversation`), or null. */
const featureOf = (path: string): string | null => {
  const [top, name] = path.split('/');
  return top === 'features' && name ? name : null;
};

/** Feature → feature it imports → the file imports that make the edge (for the failure message). */
type FeatureGraph = Map<string, Map<string, ImportEdge[]>>;

function featureGraph(edges: ImportEdge[]): FeatureGraph {
  const graph: FeatureGraph = new Map();
  for (const edge of edges) {
    const from = featureOf(edge.from);
    const to = featureOf(edge.to);
    if (!from || !to || from === to) continue;
    const targets = graph.get(from) ?? new Map<string, ImportEdge[]>();
    targets.set(to, [...(targets.get(to) ?? []), edge]);
    graph.set(from, targets);
  }
  return graph;
}

/** A cycle of the graph as the features walked (first = last), or null when there is none. */
function findCycle(graph: FeatureGraph): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const onPath = path.indexOf(node);
    if (onPath !== -1) return [...path.slice(onPath), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** "a → b (a/x.ts imports b/y.ts)" for each step of a cycle. */
function describeCycle(graph: FeatureGraph, cycle: string[]): string {
  return cycle
    .slice(1)
    .map((to, index) => {
      const from = cycle[index] ?? '';
      const files = (graph.get(from)?.get(to) ?? []).map((edge) => `${edge.from} imports ${edge.to}`);
      return `${from} → ${to}\n    ${files.join('\n    ')}`;
    })
    .join('\n');
}

const edges = sourceFiles(SRC).flatMap(importsOf);

describe('import graph of the web app', () => {
  it('finds the source files and their imports', () => {
    // Guards the checks below against passing on an empty or mis-rooted scan.
    expect(edges.some((edge) => edge.from === 'app/router.tsx' && featureOf(edge.to) !== null)).toBe(true);
  });

  it('has shared layers (components/, lib/) that import no feature and not the app', () => {
    const upward = edges
      .filter((edge) => /^(components|lib)\//.test(edge.from) && /^(features|app)\//.test(edge.to))
      .map((edge) => `${edge.from} imports ${edge.to}`);
    expect(upward, 'move the imported piece down to components/ or lib/').toEqual([]);
  });

  it('has no cycle between feature folders', () => {
    const graph = featureGraph(edges);
    const cycle = findCycle(graph);
    expect(
      cycle && `features import each other in a cycle:\n${describeCycle(graph, cycle)}`,
      'lift what both sides need down to components/ or lib/',
    ).toBeNull();
  });

  it('reports a cycle that goes through several features', () => {
    const graph = featureGraph([
      { from: 'features/a/x.ts', to: 'features/b/timeline/y.ts' },
      { from: 'features/b/y.ts', to: 'features/c/z.ts' },
      { from: 'features/c/z.ts', to: 'features/a/x.ts' },
      { from: 'features/c/z.ts', to: 'lib/w.ts' },
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(featureGraph([{ from: 'features/a/x.ts', to: 'features/b/y.ts' }]))).toBeNull();
  });
});

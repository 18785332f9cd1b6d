import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Shared modules (src/shared) import each other by relative paths and must form no cycle: a cycle
 * there makes a module's value undefined at load time in one side or the other, depending on which
 * file the bundle reaches first.
 */
const sharedRoot = resolve(import.meta.dirname, '../../src/shared');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The shared files a file imports (type-only imports included: they tie the modules as well). */
function relativeImports(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name))
    .flatMap((base) => [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    .filter((candidate) => known.has(candidate));
}

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const finished = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    if (finished.has(file)) return;
    if (onPath.has(file)) {
      cycles.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    onPath.add(file);
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    onPath.delete(file);
    finished.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}

describe('shared modules', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('import each other without a cycle', () => {
    const files = sourceFiles(sharedRoot);
    expect(files.length).toBeGreaterThan(20);
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, relativeImports(file, known)]));
    // The walk sees real edges (booking replies import the reply fields, for one).
    expect([...graph.values()].flat().length).toBeGreaterThan(10);
    const named = importCycles(graph).map((cycle) =>
      cycle.map((file) => file.slice(sharedRoot.length + 1)).join(' → '),
    );
    expect(named).toEqual([]);
  });
});

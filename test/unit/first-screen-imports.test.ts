import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { pageLoadHintsFor } from '../../src/shared/page-load-hints';

/**
 * What a portal page runs before its first paint must not run zod (decision record 036): zod and
 * the shared schemas built with it load with the forms and dialogs that validate. A shared module
 * whose texts or constants a first screen shows keeps them in a `-constants` file without zod.
 * This follows the static imports a module runs (type-only imports are erased, so they are free)
 * from the portal and section modules each page announces in its HTML.
 */
const root = path.resolve(import.meta.dirname, '../..');

/**
 * Pages whose first screen shows no form; the profile shows its cards read-only and loads a
 * card's form (and zod with it) when its Edit is chosen.
 */
const pagesWithoutForms = [
  '/practice-portal',
  '/practice-portal/staffing-requests',
  '/practice-portal/billing',
  '/practice-portal/messages',
  '/hygienist-portal',
  '/hygienist-portal/find-shifts',
  '/hygienist-portal/profile',
  '/hygienist-portal/earnings',
  '/hygienist-portal/messages',
];

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@shared/')) base = path.join(root, 'src/shared', specifier.slice(8));
  else if (specifier.startsWith('@web/')) base = path.join(root, 'src/web', specifier.slice(5));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The modules `file` imports when it runs (static value imports and re-exports). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      !statement.isTypeOnly
    ) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Each chain of imports from `modules` to zod, as 'a.tsx -> b.ts -> zod'. */
function chainsToZod(modules: string[]): string[] {
  const parent = new Map<string, string | null>();
  const queue = modules.map((module) => path.join(root, module));
  for (const module of queue) parent.set(module, null);
  const chains: string[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of runtimeImports(file)) {
      if (specifier === 'zod' || specifier.startsWith('zod/')) {
        const chain = [];
        for (let at: string | null = file; at; at = parent.get(at) ?? null) {
          chain.unshift(path.relative(root, at));
        }
        chains.push([...chain, 'zod'].join(' -> '));
      }
      const resolved = resolveModule(file, specifier);
      if (resolved && !parent.has(resolved)) {
        parent.set(resolved, file);
        queue.push(resolved);
      }
    }
  }
  return chains;
}

describe('first screens of portal pages (decision record 036)', () => {
  it.each(pagesWithoutForms)('%s runs no zod before its first paint', (page) => {
    const { modules } = pageLoadHintsFor(page);
    expect(modules.length).toBeGreaterThan(0);
    expect(chainsToZod(modules)).toEqual([]);
  });

  it('finds a chain to zod where there is one (a profile card’s form)', () => {
    const chains = chainsToZod([
      'src/web/features/professional-profile/components/personal-information-form.tsx',
    ]);
    expect(chains.length).toBeGreaterThan(0);
    expect(chains[0]).toMatch(/^src\/web\/.* -> zod$/);
  });
});

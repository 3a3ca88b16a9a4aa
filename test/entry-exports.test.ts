import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A file that re-exports from a module does so in one statement (`export { value, type Shape } from
 * './module.js'`), so a package's entry names each of its modules once and reads as its table of
 * contents. Type-only names go inline, not in a second `export type` statement.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sourceFiles = ['packages', 'apps', 'tools'].flatMap((group) =>
  readdirSync(path.join(root, group)).flatMap((name) => {
    const source = path.join(root, group, name, 'src');
    if (!existsSync(source)) return [];
    return readdirSync(source, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
      .map((file) => path.join(source, file));
  }),
);

/** The modules `file` re-exports from in more than one statement. */
function modulesExportedTwice(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier === undefined) continue;
    if (statement.exportClause === undefined || !ts.isNamedExports(statement.exportClause)) continue;
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (seen.has(specifier)) twice.add(specifier);
    seen.add(specifier);
  }
  return [...twice];
}

describe('re-exports', () => {
  it('name each module in one export statement, type-only names inline', () => {
    expect(sourceFiles.length).toBeGreaterThan(100);
    const offenders = sourceFiles.flatMap((file) =>
      modulesExportedTwice(file).map((specifier) => `${path.relative(root, file)}: ${specifier}`),
    );
    expect(offenders, 'merge them into one `export { value, type Shape } from` statement').toEqual([]);
  });
});

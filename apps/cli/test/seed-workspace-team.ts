import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/** The seed article's `workspace_management.yaml`, which the workspace CLI tests run as written. */
export const seedFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/examples/seed/workspace_management.yaml',
);
export const seedPresent = existsSync(seedFile);
/** Said in a suite's name when the seed file is missing and the suite is skipped. */
export const seedSkipNote = seedPresent ? '' : ` (skipped: ${seedFile} does not exist)`;

/** The paths the seed team is told about, below the test's `directory`. */
export function seedPaths(directory: string) {
  const at = (...parts: string[]): string => path.join(directory, ...parts);
  return {
    config: at('team', 'workspace_management.yaml'),
    home: at('home'),
    colors: at('shared_design_assets', 'colors.md'),
    openapi: at('backend_api_spec', 'openapi.yaml'),
    schema: at('database_schema', 'schema.sql'),
    requirements: at('team', 'project_ui', 'requirements.md'),
    deliverables: at('deliverables'),
    snapshots: at('team', 'massgen_snapshots'),
    workspaces: at('team', 'temp_workspaces'),
  };
}

/** Writes what the seed team reads in its context paths, plus `more` files (path → content), and makes `deliverables`. */
export function seedDirectories(directory: string, more: Record<string, string> = {}): void {
  const p = seedPaths(directory);
  const files: Record<string, string> = {
    [p.colors]: 'primary: #336699\n',
    [p.openapi]: 'openapi: 3.1.0\n',
    [p.schema]: 'CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT);\n',
    [p.requirements]: 'The shop lists products.\n',
    ...more,
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  mkdirSync(p.deliverables, { recursive: true });
}

/**
 * Writes the seed file, changed by `edit`, with a `write` context path `../deliverables` added to
 * each agent (`deliverableLines` more YAML lines under it, indented by the path's indentation).
 */
export function writeSeedConfig(
  directory: string,
  edit: (text: string) => string = (text) => text,
  deliverableLines: (indent: string) => string = () => '',
): void {
  const config = seedPaths(directory).config;
  const withDeliverables = edit(readFileSync(seedFile, 'utf8')).replace(
    /^(\s+)context_paths:.*$/gm,
    (line, indent: string) =>
      `${line}\n${indent}  - path: "../deliverables"\n${indent}    access: "write"${deliverableLines(indent)}`,
  );
  expect(withDeliverables.match(/\.\.\/deliverables/g)).toHaveLength(2);
  mkdirSync(path.dirname(config), { recursive: true });
  writeFileSync(config, withDeliverables);
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import { cliPackageDirectory } from './cli-package.js';

/** One entry of `examples/catalog.json`: a configuration shipped with the CLI and a question to try it with. */
export interface ExampleEntry {
  name: string;
  /** The configuration, relative to the examples directory. */
  file: string;
  summary: string;
  question: string;
}

export interface ExampleCatalog {
  directory: string;
  examples: ExampleEntry[];
}

const catalogFile = 'catalog.json';

/**
 * Where the examples are: copied into the package by its build (so they ship with it), or,
 * in a workspace checkout that has not been built, the repository's own `examples/`.
 */
export function examplesDirectory(packageDirectory: string = cliPackageDirectory()): string {
  const candidates = [path.join(packageDirectory, 'examples'), path.resolve(packageDirectory, '../../examples')];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, catalogFile)));
  if (found === undefined) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `The examples are missing from this installation (looked for ${candidates.map((candidate) => path.join(candidate, catalogFile)).join(' and ')}).`,
    });
  }
  return found;
}

export function readExampleCatalog(directory: string = examplesDirectory()): ExampleCatalog {
  const parsed: unknown = JSON.parse(readFileSync(path.join(directory, catalogFile), 'utf8'));
  const list = (parsed as { examples?: unknown }).examples;
  if (!Array.isArray(list) || !list.every(isExampleEntry)) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `${path.join(directory, catalogFile)} is malformed: expected {"examples": [{name, file, summary, question}, ...]}.`,
    });
  }
  return { directory, examples: list };
}

export function findExample(catalog: ExampleCatalog, name: string): ExampleEntry {
  const example = catalog.examples.find((entry) => entry.name === name);
  if (example === undefined) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `There is no example called "${name}". Expected one of: ${catalog.examples.map((entry) => entry.name).join(', ')} (see massgen --list-examples).`,
    });
  }
  return example;
}

function isExampleEntry(value: unknown): value is ExampleEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return ['name', 'file', 'summary', 'question'].every((key) => typeof entry[key] === 'string' && entry[key] !== '');
}

import { cpSync } from 'node:fs';
import path from 'node:path';
import type { CliIo } from './cli-io.js';
import { findExample, readExampleCatalog } from './example-catalog.js';
import type { ExampleCatalog } from './example-catalog.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';

/** `massgen --list-examples`: each example's name, what it shows, and the command that runs it. */
export function listExamplesCommand(io: CliIo, catalog: ExampleCatalog = readExampleCatalog()): ExitCodeValue {
  const width = Math.max(...catalog.examples.map((example) => example.name.length));
  for (const example of catalog.examples) {
    io.stdout.write(
      `${example.name.padEnd(width)}  ${example.summary}\n${' '.repeat(width)}  massgen --example ${example.name} ${shellQuote(example.question)}\n`,
    );
  }
  io.stdout.write(
    `\nThe configurations are in ${catalog.directory}; --example copies one into .massgen/examples/ and runs it there.\n`,
  );
  return ExitCode.success;
}

/**
 * Copies an example's directory into `.massgen/examples/NAME/` under the working directory and
 * returns its configuration file there. Running the copy keeps the files the example refers to
 * (an MCP server script, shared notes) beside it, while the workspaces its agents write land in
 * the user's project instead of the installed package. Shipped files are refreshed on every
 * run; anything the agents created is kept.
 */
export function prepareExample(name: string, io: CliIo, catalog: ExampleCatalog = readExampleCatalog()): string {
  const example = findExample(catalog, name);
  const source = path.dirname(path.join(catalog.directory, example.file));
  const target = path.join(io.cwd, '.massgen', 'examples', name);
  cpSync(source, target, { recursive: true, force: true });
  const file = path.join(target, path.basename(example.file));
  io.stderr.write(`Example ${name}: ${path.relative(io.cwd, file)}\n`);
  return file;
}

function shellQuote(text: string): string {
  return `"${text.replace(/(["\\$`])/g, '\\$1')}"`;
}

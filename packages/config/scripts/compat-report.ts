/**
 * Loads every upstream MassGen configuration in the compatibility corpus and prints a
 * Markdown report: how many files load cleanly, load with warnings or fail, and the most
 * frequent warnings and errors. Paste it into an issue note; do not commit its output.
 *
 *   npx tsx --conditions=@massgen/source packages/config/scripts/compat-report.ts [corpus-directory]
 *
 * The corpus defaults to ../shared/compat/massgen-upstream-configs beside the repository.
 * Files are loaded with an empty environment and no .env, as on a machine without secrets.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@massgen/core';
import { loadConfig } from '../src/index.js';
import { listYamlFiles, upstreamConfigsDirectory } from '../src/shared-corpus-location.js';

const shownRows = 25;

interface Tally {
  count: number;
  files: Set<string>;
  example: string;
}

/** One row per kind of finding: list indexes and MCP server names become `[*]`, `agent.` reads as `agents[*].`. */
function generalizeKeyPath(keyPath: string): string {
  return keyPath
    .replace(/\[\d+\]/g, '[*]')
    .replace(/^agent\./, 'agents[*].')
    .replace(/\.mcp_servers\.[^.[]+/, '.mcp_servers[*]');
}

function count(tallies: Map<string, Tally>, key: string, file: string, example: string): void {
  const tally = tallies.get(key) ?? { count: 0, files: new Set<string>(), example };
  tally.count += 1;
  tally.files.add(file);
  tallies.set(key, tally);
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function topRows(tallies: Map<string, Tally>): Array<[string, Tally]> {
  return [...tallies]
    .sort(([firstKey, first], [secondKey, second]) => second.count - first.count || firstKey.localeCompare(secondKey))
    .slice(0, shownRows);
}

async function main(): Promise<void> {
  const corpus = path.resolve(process.argv[2] ?? upstreamConfigsDirectory);
  const files = listYamlFiles(corpus);
  if (files.length === 0) {
    process.stderr.write(`No YAML files under ${corpus}; pass the corpus directory as the first argument.\n`);
    process.exitCode = 1;
    return;
  }

  let clean = 0;
  let withWarnings = 0;
  const failedFiles: string[] = [];
  const warnings = new Map<string, Tally>();
  const errors = new Map<string, Tally>();
  for (const file of files) {
    try {
      const config = await loadConfig(path.join(corpus, file), { cwd: corpus, env: {} });
      if (config.warnings.length === 0) clean += 1;
      else withWarnings += 1;
      for (const warning of config.warnings) {
        count(warnings, `${warning.code}\u0000${generalizeKeyPath(warning.path ?? '')}`, file, warning.message);
      }
    } catch (error) {
      failedFiles.push(file);
      if (error instanceof ConfigError) {
        for (const issue of error.issues)
          count(errors, `${generalizeKeyPath(issue.path)}\u0000${issue.message}`, file, issue.message);
      } else {
        count(errors, `(unexpected exception)\u0000${String(error)}`, file, String(error));
      }
    }
  }

  const lines = [
    `### Upstream configuration compatibility (${files.length} files from ${path.basename(corpus)})`,
    '',
    '| Outcome | Files |',
    '|---|---:|',
    `| Load cleanly | ${clean} |`,
    `| Load with warnings | ${withWarnings} |`,
    `| Fail | ${failedFiles.length} |`,
    '',
    `#### Most frequent warnings (top ${shownRows} of ${warnings.size} kinds)`,
    '',
    '| Count | Files | Code | Key path | Example message |',
    '|---:|---:|---|---|---|',
    ...topRows(warnings).map(([key, tally]) => {
      const [code = '', keyPath = ''] = key.split('\u0000');
      return `| ${tally.count} | ${tally.files.size} | ${code} | \`${keyPath}\` | ${escapeCell(tally.example)} |`;
    }),
    '',
    `#### Errors (${errors.size} ${errors.size === 1 ? 'kind' : 'kinds'})`,
    '',
    '| Count | Files | Key path | Message |',
    '|---:|---|---|---|',
    ...topRows(errors).map(([key, tally]) => {
      const [keyPath = ''] = key.split('\u0000');
      const fileList = [...tally.files].map((file) => `\`${file}\``).join(', ');
      return `| ${tally.count} | ${fileList} | ${keyPath === '' ? '(whole file)' : `\`${keyPath}\``} | ${escapeCell(tally.example)} |`;
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}

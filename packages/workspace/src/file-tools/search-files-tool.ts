import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '@massgen/core';
import { MassGenError } from '@massgen/core';
import { z } from 'zod';
import type { PathSandbox } from '../path-sandbox.js';
import { defineFileTool } from './define-file-tool.js';
import { compileNamePattern } from './name-pattern.js';
import { maximumTextFileBytes, readTextFile } from './text-file.js';
import { walkDirectory } from './walk-directory.js';

/** Entries one search may visit, so a search of a huge tree ends with a clear message. */
export const maximumVisited = 50_000;
const snippetLength = 200;

export function createSearchFilesTool(sandbox: PathSandbox, where: string): Tool {
  return defineFileTool(
    {
      name: 'search_files',
      readOnly: true,
      description:
        `Find files under a directory by name (a pattern such as "*.md", or part of the name) and/or by text they contain; ` +
        `text matches are listed as path:line: text. ${where}`,
      inputSchema: z
        .strictObject({
          path: z
            .string()
            .optional()
            .describe('The directory to search. Defaults to your workspace; "peers" searches every peer snapshot.'),
          name: z
            .string()
            .optional()
            .describe('File name pattern (* and ? wildcards) or part of the name, case-insensitive.'),
          text: z.string().optional().describe('Exact text to find inside files (case-sensitive).'),
          max_results: z.int().min(1).max(500).optional().describe('Most results to return. Defaults to 100.'),
        })
        .refine((input) => (input.name ?? '') !== '' || (input.text ?? '') !== '', 'expected "name", "text" or both'),
      subject: (input) => input.path ?? '.',
      async run(input, _sandbox, signal) {
        const { name, text } = input;
        const maxResults = input.max_results ?? 100;
        const matchesName = name === undefined || name === '' ? () => true : compileNamePattern(name);
        const target = await sandbox.resolveListing(input.path ?? '.');
        const directories =
          'kind' in target
            ? await Promise.all(
                target.labels.map(async (label) => (await sandbox.resolve(`peers/${label}`, 'read')).realPath),
              )
            : [target.realPath];
        const results: string[] = [];
        let stoppedEarly = false;
        for (const directory of directories) {
          if (!(await stat(directory)).isDirectory())
            throw new MassGenError({
              code: 'TOOL_FAILED',
              message: `"${sandbox.displayOf(directory)}" is a file; search a directory.`,
            });
          const walk = walkDirectory(sandbox, directory, {
            maxDepth: Number.POSITIVE_INFINITY,
            maxVisited: maximumVisited,
            signal,
          });
          let next = await walk.next();
          while (next.done !== true && results.length < maxResults) {
            const entry = next.value;
            if (entry.kind === 'file' && matchesName(path.basename(entry.relativePath))) {
              const display = sandbox.displayOf(entry.realPath);
              if (text === undefined || text === '') results.push(display);
              else
                results.push(
                  ...(await textMatches(entry.realPath, entry.size, display, text)).slice(
                    0,
                    maxResults - results.length,
                  ),
                );
            }
            next = await walk.next();
          }
          if (results.length >= maxResults || (next.done === true && next.value.truncated)) {
            stoppedEarly = true;
            break;
          }
        }
        if (results.length === 0)
          return stoppedEarly
            ? `No match among the first ${maximumVisited} entries; search a smaller directory.`
            : 'No match.';
        const note = stoppedEarly
          ? [`[Search stopped after ${results.length} results or ${maximumVisited} entries; narrow it for more.]`]
          : [];
        return [...results, ...note].join('\n');
      },
    },
    sandbox,
  );
}

async function textMatches(realPath: string, size: number, display: string, text: string): Promise<string[]> {
  if (size > maximumTextFileBytes) return [];
  // Binary, special or vanished files are not searched; readTextFile says which, and it never blocks.
  const content = await readTextFile(realPath, display).catch(() => undefined);
  if (content === undefined) return [];
  const matches: string[] = [];
  content.split('\n').forEach((line, index) => {
    if (line.includes(text)) matches.push(`${display}:${index + 1}: ${line.trim().slice(0, snippetLength)}`);
  });
  return matches;
}

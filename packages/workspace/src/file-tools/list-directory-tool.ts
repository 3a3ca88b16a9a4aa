import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '@massgen/core';
import { peersDirectory } from '../path-sandbox.js';
import type { PathSandbox } from '../path-sandbox.js';
import { z } from 'zod';
import { defineFileTool } from './define-file-tool.js';
import { walkDirectory } from './walk-directory.js';

const maximumEntries = 1000;

export function createListDirectoryTool(sandbox: PathSandbox, where: string): Tool {
  return defineFileTool(
    {
      name: 'list_directory',
      readOnly: true,
      description: `List a directory's files and subdirectories (directories end in "/"). ${where}`,
      inputSchema: z.strictObject({
        path: z.string().optional().describe('The directory to list. Defaults to your workspace.'),
        depth: z.int().min(1).max(5).optional().describe('How many levels to descend. Defaults to 1.'),
      }),
      subject: (input) => input.path ?? '.',
      async run(input, _sandbox, signal) {
        const depth = input.depth ?? 1;
        const target = await sandbox.resolveListing(input.path ?? '.');
        if ('kind' in target) {
          if (target.labels.length === 0)
            return `${peersDirectory}/ is empty: no other agent has submitted an answer yet.`;
          return [
            `${peersDirectory}/ (other agents' latest shared work, read-only):`,
            ...target.labels.map((label) => `${label}/`),
          ].join('\n');
        }
        const stats = await stat(target.realPath);
        if (!stats.isDirectory()) return `${target.displayPath} is a file of ${stats.size} bytes.`;
        const lines: string[] = [];
        const walk = walkDirectory(sandbox, target.realPath, {
          maxDepth: depth,
          maxVisited: maximumEntries * 10,
          signal,
        });
        let next = await walk.next();
        while (next.done !== true && lines.length < maximumEntries) {
          const entry = next.value;
          const indent = '  '.repeat(entry.depth - 1);
          const name = path.basename(entry.relativePath);
          lines.push(`${indent}${describeEntry(name, entry.kind, entry.size)}`);
          next = await walk.next();
        }
        const truncated = lines.length >= maximumEntries || (next.done === true && next.value.truncated);
        const isWorkspaceRoot = target.root.displayPath === '' && target.realPath === target.root.realPath;
        const peers = isWorkspaceRoot ? await sandbox.resolveListing(peersDirectory) : undefined;
        if (peers !== undefined && 'kind' in peers && peers.labels.length > 0)
          lines.push(`${peersDirectory}/ (read-only: ${peers.labels.join(', ')})`);
        const heading = `Contents of ${target.displayPath}${lines.length === 0 ? ': (empty)' : ':'}`;
        return [
          heading,
          ...lines,
          ...(truncated ? [`[Listing stopped after ${lines.length} entries; list a subdirectory for more.]`] : []),
        ].join('\n');
      },
    },
    sandbox,
  );
}

function describeEntry(name: string, kind: 'directory' | 'file' | 'link' | 'other', size: number): string {
  switch (kind) {
    case 'directory':
      return `${name}/`;
    case 'file':
      return `${name} (${size} bytes)`;
    case 'link':
      return `${name} (symbolic link)`;
    default:
      return `${name} (special file)`;
  }
}

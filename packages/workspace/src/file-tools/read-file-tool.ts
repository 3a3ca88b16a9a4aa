import type { Tool } from '@massgen/core';
import type { PathSandbox } from '../path-sandbox.js';
import { z } from 'zod';
import { defineFileTool } from './define-file-tool.js';
import { readTextFile } from './text-file.js';

/** Characters of file content one call returns; the rest is read with `start_line`. */
const maximumCharacters = 100_000;

export function createReadFileTool(sandbox: PathSandbox, where: string): Tool {
  return defineFileTool(
    {
      name: 'read_file',
      readOnly: true,
      description: `Read a text file. ${where}`,
      inputSchema: z.strictObject({
        path: z.string().describe('The file to read.'),
        start_line: z.int().min(1).optional().describe('First line to return (1-based). Defaults to 1.'),
        line_count: z.int().min(1).optional().describe('How many lines to return. Defaults to the whole file.'),
      }),
      subject: (input) => input.path,
      async run(input) {
        const startLine = input.start_line ?? 1;
        const lineCount = input.line_count;
        const target = await sandbox.resolve(input.path, 'read');
        const lines = (await readTextFile(target.realPath, target.displayPath)).split('\n');
        if (startLine > 1 && startLine > lines.length) return `"${target.displayPath}" has only ${lines.length} lines.`;
        const wanted = lines.slice(startLine - 1, lineCount === undefined ? undefined : startLine - 1 + lineCount);
        let text = '';
        let shown = 0;
        for (const line of wanted) {
          const next = shown === 0 ? line : `\n${line}`;
          if (text.length + next.length > maximumCharacters) break;
          text += next;
          shown += 1;
        }
        if (shown === 0 && wanted.length > 0) text = (wanted[0] ?? '').slice(0, maximumCharacters);
        const lastShown = startLine - 1 + Math.max(shown, 1);
        if (shown < wanted.length) {
          return `${text}\n[Shown: lines ${startLine}-${lastShown} of ${lines.length}. Read on with start_line ${lastShown + 1}.]`;
        }
        return text;
      },
    },
    sandbox,
  );
}

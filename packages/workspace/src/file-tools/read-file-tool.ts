import type { Tool } from '@massgen/core';
import type { PathSandbox } from '../path-sandbox.js';
import { defineFileTool, subjectOf } from './define-file-tool.js';
import { readTextFile } from './text-file.js';
import { optionalWholeNumber, requiredText } from './tool-input.js';

/** Characters of file content one call returns; the rest is read with `start_line`. */
const maximumCharacters = 100_000;

export function createReadFileTool(sandbox: PathSandbox, where: string): Tool {
  return defineFileTool(
    {
      name: 'read_file',
      description: `Read a text file. ${where}`,
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'The file to read.' },
          start_line: { type: 'integer', minimum: 1, description: 'First line to return (1-based). Defaults to 1.' },
          line_count: {
            type: 'integer',
            minimum: 1,
            description: 'How many lines to return. Defaults to the whole file.',
          },
        },
        required: ['path'],
        additionalProperties: false,
      },
      subject: (input) => subjectOf(input, 'path'),
      async run(input) {
        const startLine =
          optionalWholeNumber(input, 'start_line', 'read_file', { min: 1, max: Number.MAX_SAFE_INTEGER }) ?? 1;
        const lineCount = optionalWholeNumber(input, 'line_count', 'read_file', {
          min: 1,
          max: Number.MAX_SAFE_INTEGER,
        });
        const target = await sandbox.resolve(requiredText(input, 'path', 'read_file'), 'read');
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

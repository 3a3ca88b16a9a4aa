import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '@massgen/core';
import { writeFileAtomic } from '../atomic-write.js';
import type { PathSandbox } from '../path-sandbox.js';
import { defineFileTool, subjectOf } from './define-file-tool.js';
import { requiredText } from './tool-input.js';

export function createWriteFileTool(sandbox: PathSandbox, where: string): Tool {
  return defineFileTool(
    {
      name: 'write_file',
      description: `Create a text file or replace its whole content; missing parent directories are created. ${where}`,
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'The file to write.' },
          content: { type: 'string', description: 'The complete new content.' },
        },
        required: ['path', 'content'],
        additionalProperties: false,
      },
      subject: (input) => subjectOf(input, 'path'),
      async run(input) {
        const content = requiredText(input, 'content', 'write_file');
        const target = await sandbox.resolve(requiredText(input, 'path', 'write_file'), 'write');
        await mkdir(path.dirname(target.realPath), { recursive: true });
        await writeFileAtomic(target.realPath, content);
        return `Wrote ${Buffer.byteLength(content)} bytes to ${target.displayPath}.`;
      },
    },
    sandbox,
  );
}

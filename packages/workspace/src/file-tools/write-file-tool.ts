import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '@massgen/core';
import { writeFileAtomic } from '../atomic-write.js';
import type { PathSandbox } from '../path-sandbox.js';
import { z } from 'zod';
import { defineFileTool } from './define-file-tool.js';

export function createWriteFileTool(sandbox: PathSandbox, where: string): Tool {
  return defineFileTool(
    {
      name: 'write_file',
      description: `Create a text file or replace its whole content; missing parent directories are created. ${where}`,
      inputSchema: z.strictObject({
        path: z.string().describe('The file to write.'),
        content: z.string().describe('The complete new content.'),
      }),
      subject: (input) => input.path,
      async run({ path: file, content }) {
        const target = await sandbox.resolve(file, 'write');
        await mkdir(path.dirname(target.realPath), { recursive: true });
        await writeFileAtomic(target.realPath, content);
        return `Wrote ${Buffer.byteLength(content)} bytes to ${target.displayPath}.`;
      },
    },
    sandbox,
  );
}

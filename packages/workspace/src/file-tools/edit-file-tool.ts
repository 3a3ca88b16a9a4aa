import type { Tool } from '@massgen/core';
import { MassGenError } from '@massgen/core';
import { writeFileAtomic } from '../atomic-write.js';
import type { PathSandbox } from '../path-sandbox.js';
import { z } from 'zod';
import { defineFileTool } from './define-file-tool.js';
import { readTextFile } from './text-file.js';

export function createEditFileTool(sandbox: PathSandbox, where: string): Tool {
  return defineFileTool(
    {
      name: 'edit_file',
      description: `Replace exact text in a text file. old_text must occur exactly once unless replace_all is true. ${where}`,
      inputSchema: z.strictObject({
        path: z.string().describe('The file to edit.'),
        old_text: z.string().describe('The exact text to replace, including whitespace.'),
        new_text: z.string().describe('The text to put in its place.'),
        replace_all: z.boolean().optional().describe('Replace every occurrence instead of exactly one.'),
      }),
      subject: (input) => input.path,
      async run(input) {
        const { old_text: oldText, new_text: newText } = input;
        const replaceAll = input.replace_all ?? false;
        if (oldText === '')
          throw new MassGenError({
            code: 'TOOL_FAILED',
            message: 'edit_file needs a non-empty old_text; use write_file to write a whole file.',
          });
        const target = await sandbox.resolve(input.path, 'write');
        const content = await readTextFile(target.realPath, target.displayPath);
        const occurrences = content.split(oldText).length - 1;
        if (occurrences === 0)
          throw new MassGenError({
            code: 'TOOL_FAILED',
            message: `old_text does not occur in "${target.displayPath}"; read the file and copy the text exactly.`,
          });
        if (occurrences > 1 && !replaceAll) {
          throw new MassGenError({
            code: 'TOOL_FAILED',
            message: `old_text occurs ${occurrences} times in "${target.displayPath}"; include more surrounding text to pick one, or set replace_all.`,
          });
        }
        // split/join rather than String.replace, whose replacement string gives `$&` and `$1` a meaning.
        const updated = replaceAll ? content.split(oldText).join(newText) : spliceOnce(content, oldText, newText);
        await writeFileAtomic(target.realPath, updated);
        return `Replaced ${replaceAll ? occurrences : 1} occurrence${(replaceAll ? occurrences : 1) === 1 ? '' : 's'} in ${target.displayPath}.`;
      },
    },
    sandbox,
  );
}

function spliceOnce(content: string, oldText: string, newText: string): string {
  const index = content.indexOf(oldText);
  return content.slice(0, index) + newText + content.slice(index + oldText.length);
}

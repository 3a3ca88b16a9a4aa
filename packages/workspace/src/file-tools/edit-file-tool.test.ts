import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, useSandboxFixture } from '../sandbox-test-support.js';
import { createEditFileTool } from './edit-file-tool.js';

const fixture = useSandboxFixture({
  files: { 'workspace/config.ts': 'const a = 1;\nconst b = 1;\nconst c = 2;\n' },
});
const configFile = () => path.join(fixture().workspace, 'config.ts');

describe('edit_file', () => {
  it('replaces text that occurs once, taking the replacement literally', async () => {
    const result = await callTool(createEditFileTool(fixture().sandbox, ''), {
      path: 'config.ts',
      old_text: 'const c = 2;',
      new_text: "const c = '$&';",
    });
    expect(result).toEqual({ content: 'Replaced 1 occurrence in config.ts.' });
    expect(readFileSync(configFile(), 'utf8')).toBe("const a = 1;\nconst b = 1;\nconst c = '$&';\n");
  });

  it('refuses ambiguous text unless replace_all is set', async () => {
    const tool = createEditFileTool(fixture().sandbox, '');
    await expect(callTool(tool, { path: 'config.ts', old_text: '= 1;', new_text: '= 3;' })).resolves.toEqual({
      content: 'old_text occurs 2 times in "config.ts"; include more surrounding text to pick one, or set replace_all.',
      isError: true,
    });
    await expect(
      callTool(tool, { path: 'config.ts', old_text: '= 1;', new_text: '= 3;', replace_all: true }),
    ).resolves.toEqual({ content: 'Replaced 2 occurrences in config.ts.' });
    expect(readFileSync(configFile(), 'utf8')).toBe('const a = 3;\nconst b = 3;\nconst c = 2;\n');
  });

  it('says when the text is missing, and never edits a read-only file', async () => {
    const tool = createEditFileTool(fixture().sandbox, '');
    await expect(callTool(tool, { path: 'config.ts', old_text: 'const d', new_text: 'x' })).resolves.toMatchObject({
      isError: true,
      content: expect.stringContaining('does not occur'),
    });
    await expect(
      callTool(tool, { path: path.join(fixture().context, 'notes.md'), old_text: 'shared', new_text: 'mine' }),
    ).resolves.toMatchObject({ isError: true });
    expect(readFileSync(path.join(fixture().context, 'notes.md'), 'utf8')).toBe('# Notes\nshared line\n');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, useSandboxFixture } from '../sandbox-test-support.js';
import { createWriteFileTool } from './write-file-tool.js';

const fixture = useSandboxFixture();

/** Runs write_file as agent alpha in the current test's sandbox. */
const writeFile = (input: unknown) => callTool(createWriteFileTool(fixture().sandbox, ''), input);

describe('write_file', () => {
  it('writes into the workspace, creating parent directories', async () => {
    const result = await writeFile({ path: 'src/app/main.ts', content: 'export const x = 1;\n' });
    expect(result).toEqual({ content: 'Wrote 20 bytes to src/app/main.ts.' });
    expect(readFileSync(path.join(fixture().workspace, 'src', 'app', 'main.ts'), 'utf8')).toBe('export const x = 1;\n');
  });

  it('refuses peers, and a context path until the agent presents', async () => {
    await expect(writeFile({ path: 'peers/agent2/answer.md', content: 'mine now' })).resolves.toMatchObject({
      isError: true,
      content: expect.stringContaining('read-only'),
    });
    expect(readFileSync(path.join(fixture().snapshot, 'answer.md'), 'utf8')).toBe('peer work\n');
    const target = path.join(fixture().context, 'result.md');
    await expect(writeFile({ path: target, content: 'final' })).resolves.toMatchObject({ isError: true });
    expect(existsSync(target)).toBe(false);
    fixture().presenting = true;
    await expect(writeFile({ path: target, content: 'final' })).resolves.toEqual({
      content: `Wrote 5 bytes to ${target}.`,
    });
    expect(readFileSync(target, 'utf8')).toBe('final');
  });

  it('needs the content as a string', async () => {
    await expect(writeFile({ path: 'a.txt', content: 5 })).resolves.toEqual({
      content: 'Invalid arguments for write_file: content: Invalid input: expected string, received number.',
      isError: true,
    });
  });
});

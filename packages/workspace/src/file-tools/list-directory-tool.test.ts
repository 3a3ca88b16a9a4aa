import { describe, expect, it } from 'vitest';
import { callTool, useSandboxFixture } from '../sandbox-test-support.js';
import { createListDirectoryTool } from './list-directory-tool.js';

const fixture = useSandboxFixture({
  files: { 'workspace/src/index.ts': 'export {};', 'workspace/src/lib/deep.ts': '', 'workspace/README.md': 'hello' },
  linksToOutside: ['workspace/escape'],
});

describe('list_directory', () => {
  it('lists the workspace with the peers it can see, without following links', async () => {
    const result = await callTool(createListDirectoryTool(fixture().sandbox, ''), {});
    expect(result).toEqual({
      content: [
        'Contents of .:',
        'README.md (5 bytes)',
        'escape (symbolic link)',
        'src/',
        'peers/ (read-only: agent2)',
      ].join('\n'),
    });
  });

  it('descends to the depth asked for, in tree order', async () => {
    const result = await callTool(createListDirectoryTool(fixture().sandbox, ''), { path: 'src', depth: 2 });
    expect(result.content).toBe(['Contents of src:', 'index.ts (10 bytes)', 'lib/', '  deep.ts (0 bytes)'].join('\n'));
  });

  it('lists the virtual peers directory and a peer snapshot', async () => {
    const tool = createListDirectoryTool(fixture().sandbox, '');
    await expect(callTool(tool, { path: 'peers' })).resolves.toEqual({
      content: "peers/ (other agents' latest shared work, read-only):\nagent2/",
    });
    await expect(callTool(tool, { path: 'peers/agent2' })).resolves.toEqual({
      content: 'Contents of peers/agent2:\nanswer.md (10 bytes)',
    });
  });

  it('hides a private area inside a context path', async () => {
    const result = await callTool(createListDirectoryTool(fixture().sandbox, ''), { path: fixture().context });
    expect(result.content).toBe([`Contents of ${fixture().context}:`, 'keep/', 'notes.md (20 bytes)'].join('\n'));
  });

  it('refuses a directory outside the roots and a depth out of range', async () => {
    const tool = createListDirectoryTool(fixture().sandbox, '');
    await expect(callTool(tool, { path: 'escape' })).resolves.toMatchObject({
      isError: true,
      content: expect.stringContaining('outside the directories you may use'),
    });
    await expect(callTool(tool, { path: '..' })).resolves.toMatchObject({ isError: true });
    await expect(callTool(tool, { depth: 9 })).resolves.toEqual({
      content: 'Invalid arguments for list_directory: depth: Too big: expected number to be <=5.',
      isError: true,
    });
  });
});

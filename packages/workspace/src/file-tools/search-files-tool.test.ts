import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, useSandboxFixture } from '../sandbox-test-support.js';
import { createSearchFilesTool } from './search-files-tool.js';

const fixture = useSandboxFixture({
  files: {
    'workspace/docs/api.md': '# API\nGET /users returns users\n',
    'workspace/docs/guide.MD': 'users guide\n',
    'workspace/main.ts': 'const users = [];\n',
    'outside/users.md': 'users outside\n',
  },
  linksToOutside: ['workspace/linked'],
});

describe('search_files', () => {
  it('finds files by name pattern, case-insensitively, without following links', async () => {
    const result = await callTool(createSearchFilesTool(fixture().sandbox, ''), { name: '*.md' });
    expect(result).toEqual({ content: [path.join('docs', 'api.md'), path.join('docs', 'guide.MD')].join('\n') });
  });

  it('finds text inside files as path:line: text', async () => {
    const result = await callTool(createSearchFilesTool(fixture().sandbox, ''), { text: 'users' });
    expect(result.content).toBe(
      [
        `${path.join('docs', 'api.md')}:2: GET /users returns users`,
        `${path.join('docs', 'guide.MD')}:1: users guide`,
        'main.ts:1: const users = [];',
      ].join('\n'),
    );
  });

  it('searches every peer snapshot under "peers", and skips private areas of a context path', async () => {
    const tool = createSearchFilesTool(fixture().sandbox, '');
    await expect(callTool(tool, { path: 'peers', text: 'peer' })).resolves.toEqual({
      content: 'peers/agent2/answer.md:1: peer work',
    });
    await expect(callTool(tool, { path: fixture().context, text: 'draft' })).resolves.toEqual({ content: 'No match.' });
    await expect(callTool(tool, { path: fixture().context, name: 'original' })).resolves.toEqual({
      content: path.join(fixture().context, 'keep', 'original.txt'),
    });
  });

  it('stops at max_results and says so', async () => {
    const result = await callTool(createSearchFilesTool(fixture().sandbox, ''), { text: 'users', max_results: 1 });
    expect(result.content.split('\n')).toEqual([
      `${path.join('docs', 'api.md')}:2: GET /users returns users`,
      expect.stringContaining('Search stopped after 1 results'),
    ]);
  });

  it('needs a name or a text', async () => {
    await expect(callTool(createSearchFilesTool(fixture().sandbox, ''), { path: '.' })).resolves.toEqual({
      content: 'Invalid arguments for search_files: expected "name", "text" or both.',
      isError: true,
    });
  });

  it('matches a pattern of many stars against a long name in linear time, and caps the pattern length', async () => {
    writeFileSync(path.join(fixture().workspace, 'a'.repeat(200)), '');
    const tool = createSearchFilesTool(fixture().sandbox, '');
    // A backtracking regular expression takes hours on this; the test's own timeout is the bound.
    await expect(callTool(tool, { name: `${'*a'.repeat(13)}*b` })).resolves.toEqual({ content: 'No match.' });
    await expect(callTool(tool, { name: `${'*a'.repeat(13)}*` })).resolves.toEqual({ content: 'a'.repeat(200) });
    await expect(callTool(tool, { name: '*'.repeat(256) })).resolves.toEqual({
      content: 'The name pattern is 256 characters; at most 255 are accepted.',
      isError: true,
    });
  });

  it('searches text past a named pipe without waiting on it', async () => {
    execFileSync('mkfifo', [path.join(fixture().workspace, 'docs', 'pipe.md')]);
    const result = await callTool(createSearchFilesTool(fixture().sandbox, ''), { path: 'docs', text: 'users' });
    expect(result.content).toBe(
      [
        `${path.join('docs', 'api.md')}:2: GET /users returns users`,
        `${path.join('docs', 'guide.MD')}:1: users guide`,
      ].join('\n'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { PathSandbox } from '../path-sandbox.js';
import type { AgentLayout } from '../workspace-layout.js';
import { createFileTools, describePaths } from './create-file-tools.js';

const sandbox = new PathSandbox(() => ({ roots: [], protectedPaths: [], peers: new Map() }));
const readContext = {
  configuredPath: '/data/specs',
  realPath: '/data/specs',
  access: 'read' as const,
  protectedPaths: [],
};
const writeContext = {
  configuredPath: '/data/out',
  realPath: '/data/out',
  access: 'write' as const,
  protectedPaths: [],
};

describe('createFileTools', () => {
  it('offers tools that change files only to an agent that can ever write', () => {
    const names = (agent: AgentLayout) => createFileTools(sandbox, agent).map((tool) => tool.name);
    const readOnly = ['read_file', 'list_directory', 'search_files'];
    const all = [...readOnly, 'write_file', 'edit_file', 'copy_file'];
    expect(names({ agentId: 'a', contextPaths: [readContext] })).toEqual(readOnly);
    expect(names({ agentId: 'a', contextPaths: [readContext, writeContext] })).toEqual(all);
    expect(names({ agentId: 'a', workspace: '/w', contextPaths: [] })).toEqual(all);
  });

  it('tells the model which paths it has', () => {
    expect(describePaths({ agentId: 'a', workspace: '/w', contextPaths: [readContext, writeContext] })).toBe(
      'A relative path is inside your own workspace, which only you can change. ' +
        "peers/<label>/ holds each other agent's files as of its latest answer, read-only (peers/agent2 for answer agent2.1). " +
        'Context paths: /data/specs (read-only); /data/out (read-only; writable for the agent that presents the final answer).',
    );
    expect(describePaths({ agentId: 'a', contextPaths: [] })).toMatch(/^You have no workspace of your own/);
  });
});

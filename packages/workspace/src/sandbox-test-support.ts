import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Tool, ToolResult } from '@massgen/core';
import { PathSandbox } from './path-sandbox.js';
import type { SandboxRoot, SandboxView } from './sandbox-view.js';

/**
 * A directory tree for sandbox tests, made fresh for each test:
 *
 *     workspace/            the agent's own workspace (write)
 *     workspace_evil/       a sibling whose name extends the workspace's
 *     outside/secret.txt    somewhere no root covers
 *     context/              a context path (read, or write while `presenting`)
 *     context/keep/         a protected path inside it
 *     context/private/      a private area inside the context path (another agent's workspace)
 *     context_evil/         a sibling whose name extends the context path's
 *     snapshot/             peer agent2's latest snapshot (read)
 */
export interface SandboxFixture {
  root: string;
  workspace: string;
  outside: string;
  context: string;
  snapshot: string;
  sandbox: PathSandbox;
  /** Makes the `context` root writable, as for the winner during the presentation. */
  presenting: boolean;
  /** Extra protected real paths. */
  protectedPaths: string[];
  cleanup(): void;
}

function createSandboxFixture(): SandboxFixture {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-sandbox-')));
  const at = (...parts: string[]): string => path.join(root, ...parts);
  for (const directory of [
    'workspace',
    'workspace_evil',
    'outside',
    'context/keep',
    'context/private',
    'context_evil',
    'snapshot',
  ]) {
    mkdirSync(at(directory), { recursive: true });
  }
  writeFileSync(at('outside', 'secret.txt'), 'outside secret');
  writeFileSync(at('workspace_evil', 'secret.txt'), 'sibling secret');
  writeFileSync(at('context_evil', 'secret.txt'), 'context sibling secret');
  writeFileSync(at('context', 'notes.md'), '# Notes\nshared line\n');
  writeFileSync(at('context', 'keep', 'original.txt'), 'keep me');
  writeFileSync(at('context', 'private', 'draft.txt'), 'private draft');
  writeFileSync(at('snapshot', 'answer.md'), 'peer work\n');
  const fixture: SandboxFixture = {
    root,
    workspace: at('workspace'),
    outside: at('outside'),
    context: at('context'),
    snapshot: at('snapshot'),
    presenting: false,
    protectedPaths: [at('context', 'keep')],
    sandbox: new PathSandbox(() => view(fixture)),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
  return fixture;
}

/** What a test file adds to the fixture tree, by path from its root (`workspace/src/index.ts`). */
export interface SandboxContents {
  /** Files and their text; their parent directories are made. */
  files?: Record<string, string>;
  /** Symbolic links to `outside/`, for tests that a tool does not follow them out. */
  linksToOutside?: string[];
}

/**
 * Makes a fresh sandbox fixture with `contents` before each test of the file and removes it after
 * the test; the returned function gives the current test's fixture.
 */
export function useSandboxFixture(contents: SandboxContents = {}): () => SandboxFixture {
  let current: SandboxFixture | undefined;
  beforeEach(() => {
    current = createSandboxFixture();
    for (const [file, text] of Object.entries(contents.files ?? {})) {
      const target = path.join(current.root, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    for (const link of contents.linksToOutside ?? []) symlinkSync(current.outside, path.join(current.root, link));
  });
  afterEach(() => {
    current?.cleanup();
    current = undefined;
  });
  return () => {
    if (current === undefined) throw new Error('the sandbox fixture exists only while a test runs');
    return current;
  };
}

function view(fixture: SandboxFixture): SandboxView {
  const roots: SandboxRoot[] = [
    { realPath: fixture.workspace, displayPath: '', access: 'write' },
    {
      realPath: fixture.snapshot,
      displayPath: 'peers/agent2',
      access: 'read',
      readOnlyReason: "it is agent2's shared work",
    },
    {
      realPath: fixture.context,
      displayPath: fixture.context,
      access: fixture.presenting ? 'write' : 'read',
      readOnlyReason: 'this context path becomes writable only for the agent that presents the final answer',
    },
    { realPath: path.join(fixture.context, 'private'), displayPath: '', access: 'none' },
  ];
  return {
    roots,
    protectedPaths: fixture.protectedPaths,
    workspace: fixture.workspace,
    peers: new Map([['agent2', fixture.snapshot]]),
  };
}

/** Runs a tool as the runtime would, for one agent, without a cancellation. */
export function callTool(tool: Tool, input: unknown): Promise<ToolResult> {
  return tool.execute(input, { agentId: 'alpha', signal: new AbortController().signal });
}

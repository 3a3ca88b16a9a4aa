import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentWorkspace, BackendSettings, StreamPart, Warning, WorkspaceRoot } from '@massgen/core';
import {
  createFakeAnthropicServer,
  type FakeAnthropicContentBlock,
  type FakeAnthropicReply,
  type FakeAnthropicRequest,
  type FakeAnthropicServer,
} from '@massgen/testing';

/** The dummy key the fake server expects; never a real one. */
export const testApiKey = 'sk-ant-test-claude-code-0001';

export interface ClaudeCodeHarness {
  server: FakeAnthropicServer;
  /** The agent's workspace directory (real path). */
  directory: string;
  /** A directory outside every root. */
  outside: string;
  /** The roots the workspace reports; tests may change them. */
  roots: WorkspaceRoot[];
  workspace: AgentWorkspace;
  warnings: Warning[];
  /** Backend settings for the real bundled CLI against the fake server, with a private HOME. */
  settings(options?: Record<string, unknown>): BackendSettings;
  close(): Promise<void>;
}

/**
 * A fake Anthropic server and a scratch tree (HOME, workspace, outside directory) for running the
 * real Claude Code CLI. The CLI gets only PATH and the scratch HOME, never the user's environment.
 */
export async function createClaudeCodeHarness(): Promise<ClaudeCodeHarness> {
  const server = await createFakeAnthropicServer({ apiKey: testApiKey });
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-claude-code-')));
  const home = path.join(root, 'home');
  const directory = path.join(root, 'workspace');
  const outside = path.join(root, 'outside');
  for (const created of [home, directory, outside]) mkdirSync(created);
  const harness: ClaudeCodeHarness = {
    server,
    directory,
    outside,
    roots: [{ path: directory, access: 'write' }],
    workspace: { directory, roots: () => harness.roots, protectedPaths: () => [] },
    warnings: [],
    settings: (options = {}) => ({
      agentId: 'coder',
      type: 'claude_code',
      model: 'claude-fake-1',
      options: { base_url: server.url, api_key: testApiKey, ...options },
      env: { PATH: process.env['PATH'], HOME: home },
      warn: (warning) => harness.warnings.push(warning),
      workspace: harness.workspace,
    }),
    close: async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return harness;
}

export async function collectParts(parts: AsyncIterable<StreamPart>): Promise<StreamPart[]> {
  const collected: StreamPart[] = [];
  for await (const part of parts) collected.push(part);
  return collected;
}

function blocks(request: FakeAnthropicRequest): FakeAnthropicContentBlock[] {
  return request.messages.flatMap((message) => (Array.isArray(message.content) ? message.content : []));
}

/** The results Claude Code has sent back so far for calls of `toolName`, oldest first. */
export function toolResultsFor(request: FakeAnthropicRequest, toolName: string): FakeAnthropicContentBlock[] {
  const ids = new Set(
    blocks(request).flatMap((block) =>
      block.type === 'tool_use' && block.name === toolName && typeof block.id === 'string' ? [block.id] : [],
    ),
  );
  return blocks(request).filter((block) => block.type === 'tool_result' && ids.has(String(block.tool_use_id)));
}

export function toolResultText(block: FakeAnthropicContentBlock | undefined): string {
  const content = block?.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? '').join('') : '';
}

/** Claude Code asks for thinking by default; the API then wants thinking before tool use. */
export function withThinking(request: FakeAnthropicRequest, reply: FakeAnthropicReply): FakeAnthropicReply {
  const thinking = request.body['thinking'] as { type?: string } | undefined;
  if (thinking?.type !== 'enabled' && thinking?.type !== 'adaptive') return reply;
  if (reply.type !== 'text' && reply.type !== 'tool-use') return reply;
  return { ...reply, thinking: 'Working out the next step.' };
}

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claudeCodeWorkspaceOf,
  createClaudeCodeTeamResponder,
  createFakeAnthropicServer,
  descendantProcesses,
} from '@massgen/testing';
import type {
  FakeAnthropicContentBlock,
  FakeAnthropicRequest,
  FakeAnthropicServer,
  FakeAnthropicToolUse,
  TeamTurn,
} from '@massgen/testing';
import { runCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';
import { seedDirectories, seedPaths, seedPresent, seedSkipNote, writeSeedConfig } from './seed-workspace-team.js';

const backEnd = '后端工程师';
const apiKey = 'sk-ant-test-cli-claude-code-01';

let directory: string;
let server: FakeAnthropicServer;

const isFrontEnd = (request: FakeAnthropicRequest): boolean =>
  claudeCodeWorkspaceOf(request).endsWith(`${path.sep}project_ui`);

/** A peer's latest shared work, as the system prompt lists it: `- <path> (peers/agentN): read only`. */
function peerSnapshot(request: FakeAnthropicRequest): string | undefined {
  return /^- (.+) \(peers\/agent\d+\): read only$/m.exec(request.system)?.[1];
}

/** The built-in tool calls each agent makes before its workflow call, or before presenting. */
function steps(request: FakeAnthropicRequest, turn: TeamTurn): FakeAnthropicToolUse[] {
  const p = seedPaths(directory);
  const workspace = claudeCodeWorkspaceOf(request);
  const frontEnd = isFrontEnd(request);
  if (turn.kind === 'call' && turn.name === 'new_answer') {
    return frontEnd
      ? [
          { name: 'Read', input: { file_path: p.colors } },
          {
            name: 'Write',
            input: { file_path: path.join(workspace, 'index.html'), content: '<h1 style="color: #336699">Shop</h1>' },
          },
          { name: 'Write', input: { file_path: p.colors, content: 'primary: red' } },
        ]
      : [
          { name: 'Read', input: { file_path: p.schema } },
          {
            name: 'Write',
            input: { file_path: path.join(workspace, 'api.py'), content: 'def list_products(): ...\n' },
          },
          { name: 'Write', input: { file_path: path.join(p.deliverables, 'early.py'), content: 'too early' } },
        ];
  }
  if (turn.kind === 'call' && turn.name === 'vote') {
    const peer = peerSnapshot(request);
    return peer === undefined
      ? []
      : [{ name: 'Read', input: { file_path: path.join(peer, frontEnd ? 'api.py' : 'index.html') } }];
  }
  return [
    { name: 'Write', input: { file_path: path.join(p.deliverables, 'api.py'), content: 'def list_products(): ...\n' } },
  ];
}

function blocks(request: FakeAnthropicRequest): FakeAnthropicContentBlock[] {
  return request.messages.flatMap((message) => (Array.isArray(message.content) ? message.content : []));
}

/** The text of every result Claude Code sent back for one agent's built-in tools. */
function toolResults(frontEnd: boolean): string[] {
  const texts = server.requests
    .filter((request) => /You work in/.test(request.system) && isFrontEnd(request) === frontEnd)
    .flatMap((request) => blocks(request).filter((block) => block.type === 'tool_result'))
    .map((block) => (typeof block.content === 'string' ? block.content : JSON.stringify(block.content)));
  return [...new Set(texts)];
}

beforeEach(async () => {
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-cli-claude-code-')));
  server = await createFakeAnthropicServer({
    apiKey,
    responder: createClaudeCodeTeamResponder({
      answer: (request) =>
        isFrontEnd(request)
          ? 'The UI is in index.html, using the primary colour.'
          : 'The API is in api.py, built on the products table.',
      vote: (labels) => (labels.includes('agent2') ? 'agent2' : (labels[0] ?? '')),
      finalText: 'The shop API is in deliverables/api.py.',
      steps,
    }),
  });
});

afterEach(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

/*
 * The seed team as written: two `claude_code` agents, run by the real Claude Code CLI that
 * @anthropic-ai/claude-agent-sdk bundles, pointed at the fake Anthropic server through
 * ANTHROPIC_BASE_URL. A `write` context path is added for the winner's deliverables.
 */
describe.skipIf(!seedPresent)(
  `massgen with claude_code agents and the bundled Claude Code CLI${seedSkipNote}`,
  { timeout: 90_000 },
  () => {
    it('runs the seed workspace_management.yaml: built-in tools in each workspace, confined, then answers, votes and the presentation', async () => {
      seedDirectories(directory);
      writeSeedConfig(directory);
      const p = seedPaths(directory);
      mkdirSync(p.home);
      const result = await runCli(['--no-display', '--config', p.config, 'Build a small shop: UI and API.'], {
        cwd: directory,
        env: { HOME: p.home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: apiKey },
      });
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('The shop API is in deliverables/api.py.\n');

      // Claude Code's Write ran in each agent's own workspace, and MassGen snapshotted it for the peers.
      const [runId] = readdirSync(p.workspaces);
      if (runId === undefined) throw new Error('no workspaces were created');
      expect(readFileSync(path.join(p.workspaces, runId, 'project_ui', 'index.html'), 'utf8')).toBe(
        '<h1 style="color: #336699">Shop</h1>',
      );
      expect(readFileSync(path.join(p.workspaces, runId, 'project_api', 'api.py'), 'utf8')).toBe(
        'def list_products(): ...\n',
      );
      expect(readFileSync(path.join(p.snapshots, runId, 'agent1.1', 'index.html'), 'utf8')).toBe(
        '<h1 style="color: #336699">Shop</h1>',
      );

      // Context paths and peers' snapshots were readable; writes where the agent may not write were refused.
      expect(toolResults(true)).toContainEqual(expect.stringContaining('primary: #336699'));
      expect(toolResults(false)).toContainEqual(expect.stringContaining('CREATE TABLE products'));
      expect(toolResults(false)).toContainEqual(expect.stringContaining('<h1 style="color: #336699">Shop</h1>'));
      expect(toolResults(true)).toContainEqual(expect.stringContaining('which you may read but not change now'));
      expect(toolResults(false)).toContainEqual(expect.stringContaining('early.py is in'));
      expect(readFileSync(p.colors, 'utf8')).toBe('primary: #336699\n');
      expect(existsSync(path.join(p.deliverables, 'early.py'))).toBe(false);

      // The winner wrote the write context path while it presented.
      expect(readFileSync(path.join(p.deliverables, 'api.py'), 'utf8')).toBe('def list_products(): ...\n');
      const events = readRunEvents(directory);
      expect(events.find((event) => event.type === 'consensus')).toMatchObject({ winnerAgentId: backEnd });
      expect(new Set(events.flatMap((event) => (event.type === 'vote' ? [event.agentId] : [])))).toEqual(
        new Set(['前端工程师', backEnd]),
      );
      expect(events.filter((event) => event.type === 'usage').length).toBeGreaterThan(0);
      expect(events.filter((event) => event.type === 'warning')).toEqual([]);
      expect(server.requests.every((request) => request.headers['x-api-key'] === apiKey)).toBe(true);
      expect(descendantProcesses(process.pid)).toEqual([]);
    });
  },
);

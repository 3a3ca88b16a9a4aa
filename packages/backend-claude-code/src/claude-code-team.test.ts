import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@massgen/config';
import { run } from '@massgen/runtime';
import {
  claudeCodeWorkspaceOf,
  createClaudeCodeTeamResponder,
  createFakeAnthropicServer,
  descendantProcesses,
} from '@massgen/testing';
import type { FakeAnthropicRequest, FakeAnthropicServer, FakeAnthropicToolUse, TeamTurn } from '@massgen/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiKey } from './claude-code-test-harness.js';

/** The CLI depends on every plugin package, so the runtime resolves them from there. */
const cliDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/cli');

let directory: string;
let server: FakeAnthropicServer;

/** Before answering, each agent reads the shared brief and writes its notes in its workspace. */
function steps(request: FakeAnthropicRequest, turn: TeamTurn): FakeAnthropicToolUse[] {
  if (turn.kind !== 'call' || turn.name !== 'new_answer') return [];
  const workspace = claudeCodeWorkspaceOf(request);
  return [
    { name: 'Read', input: { file_path: path.join(directory, 'shared', 'brief.md') } },
    {
      name: 'Write',
      input: { file_path: path.join(workspace, 'notes.md'), content: `notes of ${path.basename(workspace)}\n` },
    },
  ];
}

beforeEach(async () => {
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-claude-code-team-')));
  mkdirSync(path.join(directory, 'shared'));
  mkdirSync(path.join(directory, 'home'));
  writeFileSync(path.join(directory, 'shared', 'brief.md'), 'Name the product.\n');
  server = await createFakeAnthropicServer({
    apiKey: testApiKey,
    responder: createClaudeCodeTeamResponder({
      answer: (request) =>
        `Call it ${path.basename(claudeCodeWorkspaceOf(request)) === 'alpha_ws' ? 'Nebula' : 'Orbit'}.`,
      vote: (labels) => labels[0] ?? '',
      finalText: 'Call it Nebula.',
      steps,
    }),
  });
});

afterEach(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

const team = (url: string): string => `orchestrator:
  context_paths:
    - { path: shared, permission: read }
agents:
  - id: alpha
    backend: { type: claude_code, model: claude-fake-1, cwd: alpha_ws, base_url: "${url}" }
  - id: beta
    backend: { type: claude_code, model: claude-fake-1, cwd: beta_ws, base_url: "${url}" }
`;

describe('a team of Claude Code agents, with the bundled CLI', () => {
  // Each turn starts the bundled Claude Code CLI, a process of its own: a few dozen of them on a
  // busy two-core machine take longer than the default 30 s.
  it(
    'works in its workspaces, answers, votes and presents through the runtime and the vote strategy',
    { timeout: 120_000 },
    async () => {
      const env = { PATH: process.env['PATH'], HOME: path.join(directory, 'home'), ANTHROPIC_API_KEY: testApiKey };
      const config = parseConfig(team(server.url), {
        file: path.join(directory, 'team.yaml'),
        baseDir: directory,
        cwd: directory,
        env,
      });
      const result = await run(config, 'Name the product.', {
        cwd: directory,
        pluginSearchPaths: [cliDirectory],
        pluginConditions: ['@massgen/source'],
        record: false,
      });

      expect(result.error).toBeUndefined();
      expect(result.stopReason).toBe('consensus');
      expect(result.finalAnswer).toBe('Call it Nebula.');
      expect(result.answers.map((answer) => answer.content).sort()).toEqual(['Call it Nebula.', 'Call it Orbit.']);
      // A vote cast while only one answer existed is replaced once the other arrives.
      expect(result.winnerAgentId).toBe('alpha');
      expect(new Set(result.votes.map((vote) => vote.agentId))).toEqual(new Set(['alpha', 'beta']));
      expect(result.votes.at(-1)?.targetAgentId).toBe('alpha');
      expect(result.warnings).toEqual([]);
      for (const entry of result.usage) expect(entry.usage.inputTokens ?? 0).toBeGreaterThan(0);

      const [runId] = readdirSync(path.join(directory, '.massgen', 'workspaces'));
      if (runId === undefined) throw new Error('no workspaces were created');
      for (const agent of ['alpha_ws', 'beta_ws']) {
        expect(readFileSync(path.join(directory, '.massgen', 'workspaces', runId, agent, 'notes.md'), 'utf8')).toBe(
          `notes of ${agent}\n`,
        );
      }
      expect(existsSync(path.join(directory, 'shared', 'notes.md'))).toBe(false);
      expect(descendantProcesses(process.pid)).toEqual([]);
    },
  );
});

import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { writeTwoAgentTeam } from './two-agent-team.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const setup = useFakeServerDirectory('cli-controls', {
  server: () => ({
    apiKey: 'test-key',
    responder: createTeamResponder({
      answer: { 'model-a': 'Alpha: Paris.', 'model-b': 'Beta: Paris, on the Seine.' },
      vote: (labels) => (labels.includes('agent2') ? 'agent2' : (labels[0] ?? 'agent1')),
      finalText: 'Presented: Paris.',
    }),
  }),
});
beforeEach(() => {
  writeTwoAgentTeam(setup.directory, setup.server.url);
});

const systemOf = (request: FakeChatRequest) => {
  const content = request.messages.find((message) => message.role === 'system')?.content ?? '';
  return typeof content === 'string' ? content : JSON.stringify(content);
};
const offersTools = (request: FakeChatRequest) => request.tools.length > 0;

describe('coordination controls through the built CLI', () => {
  it('voting_sensitivity: strict and final_answer_strategy: winner_reuse change the requests and the flow', async () => {
    appendFileSync(
      path.join(setup.directory, 'team.yaml'),
      'orchestrator:\n  voting_sensitivity: strict\n  final_answer_strategy: winner_reuse\n',
    );
    const result = await runCli(['--no-display', '--config', 'team.yaml', 'Capital of France?'], {
      cwd: setup.directory,
    });
    expect(result.stderr).not.toContain('warning');
    expect(result.code).toBe(0);
    // The winning answer as it is: no presentation request was made.
    expect(result.stdout).toBe('Beta: Paris, on the Seine.\n');
    expect(setup.server.requests.every(offersTools)).toBe(true);
    for (const request of setup.server.requests) expect(systemOf(request)).toContain('Be demanding.');
  });

  it('final_answer_strategy: synthesize asks the winner to merge every answer', async () => {
    appendFileSync(path.join(setup.directory, 'team.yaml'), 'orchestrator:\n  final_answer_strategy: synthesize\n');
    const result = await runCli(['--no-display', '--config', 'team.yaml', 'Capital of France?'], {
      cwd: setup.directory,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Presented: Paris.\n');
    const presentation = setup.server.requests.find((request) => !offersTools(request));
    expect(systemOf(presentation!)).toContain('as a synthesis of all of them');
    for (const request of setup.server.requests.filter(offersTools))
      expect(systemOf(request)).not.toContain('When to vote');
  });
});

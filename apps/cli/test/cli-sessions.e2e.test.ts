import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest } from '@massgen/testing';
import { writeTwoAgentTeam } from './two-agent-team.js';
import { runCli } from './run-cli.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

let presentations: number;

const setup = useFakeServerDirectory('cli-sessions', {
  server: () => ({
    apiKey: 'test-key',
    responder: createTeamResponder({
      answer: { 'model-a': 'Alpha thinks 4.', 'model-b': 'Beta thinks 4.' },
      // Each run presents once, after the previous one: the number tells the runs' answers apart.
      finalText: () => `Presented answer number ${(presentations += 1)}.`,
    }),
  }),
});
beforeEach(() => {
  presentations = 0;
  writeTwoAgentTeam(setup.directory, setup.server.url);
});

/** Every request of the run whose task was `question`, as the JSON text of its messages. */
function requestsFor(question: string): string[] {
  return setup.server.requests
    .map((request: FakeChatRequest) => JSON.stringify(request.messages))
    .filter((messages) => messages.includes(question));
}

const ask = (args: string[]) => runCli(['--no-display', ...args], { cwd: setup.directory });

describe('sessions through the built CLI', () => {
  it('--continue carries the first answer into the second question, with the same team, and massgen sessions lists it', async () => {
    const first = await ask(['--config', 'team.yaml', 'What is 2+2?']);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('Presented answer number 1.\n');
    const sessionId = /Session (\S+): massgen --continue/.exec(first.stderr)?.[1];
    expect(sessionId).toBeDefined();

    // No --config: the session's team runs again.
    const second = await ask(['--continue', 'And doubled?']);
    expect(second.stderr).not.toMatch(/\n\s+at /);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('Presented answer number 2.\n');
    expect(second.stderr).toContain(`Session ${sessionId}:`);
    const secondRequests = requestsFor('And doubled?');
    expect(secondRequests.length).toBeGreaterThanOrEqual(2);
    for (const request of secondRequests) {
      expect(request).toContain('What is 2+2?');
      expect(request).toContain('Presented answer number 1.');
    }

    const listed = await runCli(['sessions'], { cwd: setup.directory });
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^SESSION\s+LAST USED \(UTC\)\s+TURNS\s+COST\s+FIRST QUESTION$/);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${sessionId}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\s+2\\s+[\\d,]+ tokens\\s+What is 2\\+2\\?$`,
      ),
    );

    const json = await runCli(['sessions', '--json'], { cwd: setup.directory });
    const sessions = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ id: sessionId, firstQuestion: 'What is 2+2?', turns: 2 });
    expect(sessions[0]?.['tokens']).toBeGreaterThan(0);

    const shown = await runCli(['sessions', 'show', 'latest'], { cwd: setup.directory });
    expect(shown.stdout).toContain('1. What is 2+2?');
    expect(shown.stdout).toContain('Presented answer number 1.');
    expect(shown.stdout).toContain('2. And doubled?');
    expect(shown.stdout).toMatch(/run \S+ · consensus · record \.massgen\/runs\//);

    // The session links its runs' records.
    const stored = readdirSync(path.join(setup.directory, '.massgen', 'sessions', sessionId!));
    expect(stored.sort()).toEqual(['session.json', 'turns.jsonl']);
    const runIds = readFileSync(path.join(setup.directory, '.massgen', 'sessions', sessionId!, 'turns.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { runId: string }).runId);
    expect(new Set(runIds)).toEqual(new Set(readdirSync(path.join(setup.directory, '.massgen', 'runs'))));
  });

  it('a question without --continue starts a new session; --session NAME starts and continues a named one', async () => {
    expect((await ask(['--config', 'team.yaml', 'Question one?'])).code).toBe(0);
    expect((await ask(['--config', 'team.yaml', '--session', 'project-x', 'Question two?'])).code).toBe(0);
    expect((await ask(['--config', 'team.yaml', 'Question three?'])).code).toBe(0);
    const fourth = await ask(['--session', 'project-x', 'Question four?']);
    expect(fourth.code).toBe(0);
    for (const request of requestsFor('Question four?')) {
      expect(request).toContain('Question two?');
      expect(request).not.toContain('Question one?');
      expect(request).not.toContain('Question three?');
    }
    for (const request of requestsFor('Question three?')) expect(request).not.toMatch(/Question (one|two)\?/);

    const sessions = JSON.parse((await runCli(['sessions', '--json'], { cwd: setup.directory })).stdout) as Array<{
      id: string;
      turns: number;
    }>;
    expect(sessions.map((session) => session.turns)).toEqual([2, 1, 1]);
    expect(sessions[0]?.id).toBe('project-x');
  });

  it('drops the oldest turns beyond --history-tokens and names their questions instead', async () => {
    expect((await ask(['--config', 'team.yaml', 'Old question?'])).code).toBe(0);
    expect((await ask(['--continue', 'Middle question?'])).code).toBe(0);
    // About 4 + 7 tokens per turn: 12 leaves room for the newest turn only.
    expect((await ask(['--continue', '--history-tokens', '12', 'New question?'])).code).toBe(0);
    const requests = setup.server.requests.map((request) => JSON.stringify(request.messages));
    const third = requests.filter((messages) => messages.includes('New question?'));
    expect(third.length).toBeGreaterThan(0);
    for (const request of third) {
      expect(request).toContain('one earlier question and its answer were left out');
      expect(request).toContain('\\"Old question?\\"');
      expect(request).not.toContain('Presented answer number 1.');
      expect(request).toContain('Middle question?');
      expect(request).toContain('Presented answer number 2.');
    }
  });

  it('massgen sessions pipes into head cleanly and says when there are none', async () => {
    const empty = await runCli(['sessions'], { cwd: setup.directory });
    expect(empty).toMatchObject({ code: 0, stderr: '' });
    expect(empty.stdout).toMatch(/No sessions are stored in \.massgen\/sessions yet/);
    expect((await ask(['--config', 'team.yaml', 'Q?'])).code).toBe(0);
    const piped = await runCli(['sessions'], { cwd: setup.directory, closeStdout: true });
    expect(piped.stderr).toBe('');
    expect([0, 141]).toContain(piped.code);
  });

  it('explains what is wrong with --continue when there is nothing to continue, or with --no-record', async () => {
    const none = await ask(['--continue', 'Q?']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('There is no session here to continue yet');
    const unrecorded = await ask(['--config', 'team.yaml', '--no-record', '--continue', 'Q?']);
    expect(unrecorded.code).toBe(1);
    expect(unrecorded.stderr).toContain('--no-record writes nothing under .massgen/');
    const badName = await ask(['--config', 'team.yaml', '--session', '../elsewhere', 'Q?']);
    expect(badName.code).toBe(1);
    expect(badName.stderr).toContain('"../elsewhere" is not a session id');
    expect(setup.server.requests).toHaveLength(0);
  });
});

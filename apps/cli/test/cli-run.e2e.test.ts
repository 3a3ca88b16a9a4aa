import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import { runCli, startCli } from './run-cli.js';
import { readRunRecord } from './run-record-events.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const setup = useFakeServerDirectory('cli', {
  server: () => ({
    apiKey: 'test-key',
    responder: createTeamResponder({
      answer: { 'model-a': 'Four. 2 + 2 = 4.', 'model-b': 'The sum is 4.', 'model-c': '4' },
      finalText: 'The answer is 4.',
    }),
  }),
});

function writeTeam(
  agents: Array<{ id: string; model: string; apiKey?: string; baseUrl?: string }>,
  extra = '',
): string {
  const body = agents
    .map(
      (agent) =>
        `  - id: "${agent.id}"\n    backend:\n      type: "chatcompletion"\n      model: "${agent.model}"\n      base_url: "${agent.baseUrl ?? setup.server.url}"\n` +
        (agent.apiKey === undefined ? '' : `      api_key: "${agent.apiKey}"\n`),
    )
    .join('');
  const file = path.join(setup.directory, 'team.yaml');
  writeFileSync(file, `agents:\n${body}${extra}`);
  return file;
}

const threeAgents = [
  { id: 'alpha', model: 'model-a', apiKey: 'test-key' },
  { id: 'beta', model: 'model-b', apiKey: 'test-key' },
  { id: 'gamma', model: 'model-c', apiKey: 'test-key' },
];

const readRecord = () => readRunRecord(setup.directory);

describe('massgen --config with three chatcompletion agents', () => {
  it('runs them in parallel, collects answers and votes, prints the final answer and records every event', async () => {
    const file = writeTeam(threeAgents);
    const result = await runCli(['--config', file, 'What is 2+2?'], { cwd: setup.directory });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('The answer is 4.');

    // All three first requests reached the server before any agent's second request.
    const firstRequestOf = (model: string) => setup.server.requests.findIndex((request) => request.model === model);
    const secondRequests = setup.server.requests.filter((request, index) => index !== firstRequestOf(request.model));
    expect(Math.max(...['model-a', 'model-b', 'model-c'].map(firstRequestOf))).toBeLessThan(
      setup.server.requests.indexOf(secondRequests[0]!),
    );

    const { directory: recordDirectory, events } = readRecord();
    expect(events[0]?.type).toBe('run-start');
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus' });
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
    expect(events.filter((event) => event.type === 'answer').length).toBeGreaterThanOrEqual(1);
    const votes = events.filter((event) => event.type === 'vote');
    expect(new Set(votes.map((vote) => vote.type === 'vote' && vote.agentId))).toEqual(
      new Set(['alpha', 'beta', 'gamma']),
    );
    expect(readFileSync(path.join(recordDirectory, 'final.md'), 'utf8')).toBe('The answer is 4.');
    const status = JSON.parse(readFileSync(path.join(recordDirectory, 'status.json'), 'utf8')) as {
      state: string;
      stopReason: string;
    };
    expect(status).toMatchObject({ state: 'finished', stopReason: 'consensus' });
    expect(JSON.parse(readFileSync(path.join(recordDirectory, 'votes.json'), 'utf8'))).toHaveLength(votes.length);
    expect(readdirSync(path.join(recordDirectory, 'answers')).length).toBe(
      events.filter((event) => event.type === 'answer').length,
    );
  });

  it('says how the run ended once: in the summary after the answer, not also as a progress line', async () => {
    const result = await runCli(['--config', writeTeam(threeAgents), 'What is 2+2?'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    expect(result.stderr.match(/^Finished.*/gm)).toEqual([
      expect.stringMatching(/^Finished: consensus \(every agent voted\) in \d/),
    ]);
  });

  it('with --no-display prints the final answer alone on stdout and readable progress on stderr', async () => {
    const file = writeTeam(threeAgents);
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    expect(result.stderr).toMatch(/alpha is working on an answer/);
    expect(result.stderr).toMatch(/voted for (alpha|beta|gamma)/);
    expect(result.stderr).toMatch(/stop reason: consensus/);
  });

  it('writes the final answer to --output-file', async () => {
    const file = writeTeam(threeAgents);
    const result = await runCli(['--no-display', '--output-file', 'answer.md', '--config', file, 'What is 2+2?'], {
      cwd: setup.directory,
    });
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(setup.directory, 'answer.md'), 'utf8')).toBe('The answer is 4.');
  });

  it('keeps the team going when one agent has a bad key, and names the agent and the reason', async () => {
    const file = writeTeam([threeAgents[0]!, threeAgents[1]!, { id: 'gamma', model: 'model-c', apiKey: 'wrong-key' }]);
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    expect(result.stderr).toMatch(/Agent "gamma" .* was dropped .*: .*BACKEND_AUTH/);
    expect(result.stderr).not.toContain('wrong-key');
  });

  it('warns once about a misspelt backend key, naming its key path and line', async () => {
    const file = writeTeam(threeAgents);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('      model: "model-a"\n', '      model: "model-a"\n      temprature: 0.2\n'),
    );
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n').filter((line) => line.includes('temprature'))).toEqual([
      expect.stringMatching(/^warning: agents\[0\]\.backend\.temprature \(agent "alpha", line 6\): /),
    ]);
    expect(result.stderr).not.toContain('not a setting of');
  });

  it('exits 2 with the reason when the server is unreachable', async () => {
    await setup.server.close();
    const file = writeTeam([{ id: 'alpha', model: 'model-a', apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9/v1' }]);
    const result = await runCli(['--no-display', '--config', file, 'q'], { cwd: setup.directory });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Agent "alpha" failed to answer.*: .*BACKEND_NETWORK/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 1 before anything runs, naming the variable to set, when no agent has its API key', async () => {
    const file = path.join(setup.directory, 'openai.yaml');
    writeFileSync(file, 'agent:\n  id: alpha\n  backend:\n    type: chatcompletion\n    model: gpt-5-nano\n');
    const result = await runCli(['--no-display', '--config', file, 'q'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('agent.backend (line 3): no API key: set OPENAI_API_KEY');
    expect(setup.server.requests).toHaveLength(0);
  });

  it('stops on Ctrl-C with exit code 4 and a complete record', async () => {
    setup.server.setResponder(() => ({ type: 'hang' }));
    const file = writeTeam(threeAgents);
    const started = startCli(['--no-display', '--config', file, 'q'], { cwd: setup.directory });
    await setup.server.waitForRequests(3);
    started.child.kill('SIGINT');
    const result = await started.done;
    expect(result.code).toBe(4);
    const { events } = readRecord();
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'cancelled' });
  });

  it('exits 3 when the coordination times out', async () => {
    setup.server.setResponder(() => ({ type: 'hang' }));
    const file = writeTeam(threeAgents);
    const result = await runCli(['--no-display', '--timeout', '0.5', '--config', file, 'q'], { cwd: setup.directory });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/stop reason: timeout/);
  });
});

describe('massgen configuration errors', () => {
  it('exits 1 naming the file when it does not exist', async () => {
    const result = await runCli(['--config', 'missing.yaml', 'q'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('missing.yaml');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 1 naming the key path and line of a bad value', async () => {
    const file = path.join(setup.directory, 'bad.yaml');
    writeFileSync(
      file,
      'agents:\n  - id: a\n    backend:\n      type: chatcompletion\n      model: m\n      temperature: hot\n',
    );
    const result = await runCli(['--config', file, 'q'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('agents[0].backend.temperature');
    expect(result.stderr).toContain('line 6');
  });

  it('exits 1 and says which package to install for an unknown backend type', async () => {
    const file = path.join(setup.directory, 'unknown.yaml');
    writeFileSync(file, 'agent:\n  id: a\n  backend:\n    type: nosuchprovider\n    model: m\n');
    const result = await runCli(['--config', file, 'q'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('@massgen/backend-nosuchprovider');
  });

  it('prints a stack trace only with --debug', async () => {
    const result = await runCli(['--debug', '--config', 'missing.yaml', 'q'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\n\s+at /);
  });

  it('asks for a question when none is given', async () => {
    writeTeam(threeAgents);
    const result = await runCli(['--config', 'team.yaml'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No question given');
  });

  it('does not leave a run record when nothing ran', async () => {
    await runCli(['--config', 'missing.yaml', 'q'], { cwd: setup.directory });
    expect(existsSync(path.join(setup.directory, '.massgen'))).toBe(false);
  });
});

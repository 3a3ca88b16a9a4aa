import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '@massgen/testing';
import type { FakeResponder } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { agentYaml, fourTeam, silentAgent, useTeamFixture } from './team-fixture.js';

const fixture = useTeamFixture('failures');

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** Plain progress on stderr, as in a pipe or CI: what a user reads there. */
const plain = { TERM: 'dumb' };
const overloaded: FakeResponder = () => ({ type: 'error', status: 503 });
const overloadedMessage = 'is overloaded (HTTP 503)';

describe('massgen against a provider that fails', () => {
  it('asks a dead endpoint 3 times in all, says which attempt of how many, and says the failure once per place', async () => {
    fixture.server.setResponder(overloaded);
    const file = fixture.writeTeam(['solo'], 'orchestrator:\n  coordinate_single_agent: true\n');
    const result = await runCli(['--config', file, 'What is 2+2?'], { cwd: fixture.directory, env: plain });

    expect(result.code).toBe(2);
    // The runtime retries the request; the strategy does not repeat the turn on top of it.
    expect(fixture.server.requests).toHaveLength(3);
    const [progress, summary] = result.stderr.split('\nFinished: ');
    expect(progress).toContain('; the request is sent again in ');
    expect(progress).toContain('(attempt 2 of 3)');
    expect(progress).toContain('solo: the same failure again (BACKEND_OVERLOADED)');
    expect(progress).toContain('(attempt 3 of 3)');
    expect(progress).toContain('Agent "solo" (chatcompletion/model-solo) was dropped after 3 failed request attempts');
    expect(occurrences(progress ?? '', overloadedMessage)).toBe(1);
    expect(occurrences(summary ?? '', overloadedMessage)).toBe(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('says an offline endpoint once for a whole team, and status.json names errors by code only', async () => {
    fixture.server.setResponder(overloaded);
    const file = fixture.writeTeam(['alpha', 'beta', 'gamma']);
    const result = await runCli(['--config', file, 'What is 2+2?'], { cwd: fixture.directory, env: plain });

    expect(result.code).toBe(2);
    expect(fixture.server.requests).toHaveLength(9);
    const [progress, summary] = result.stderr.split('\nFinished: ');
    expect(occurrences(progress ?? '', overloadedMessage)).toBe(1);
    expect(progress).toContain('the same failure as ');
    expect(occurrences(summary ?? '', overloadedMessage)).toBe(1);
    expect(summary).toMatch(/alpha +model-alpha +0 tok +0 answers, failed: BACKEND_OVERLOADED/);
    // No answer, so nothing to follow up on: the closing line says what helps instead.
    expect(result.stderr).not.toContain('massgen --continue');
    expect(result.stderr).toContain(
      'Every agent failed, so there is no answer to follow up on: check the errors above (API key, model name, provider status); then massgen resume goes on with this run.',
    );

    const status = readFileSync(path.join(fixture.latestRecord(), 'status.json'), 'utf8');
    expect(status).not.toContain('"name"');
    expect(status).not.toContain('MassGenError');
    expect(JSON.parse(status)).toMatchObject({
      stopReason: 'all-agents-failed',
      error: { code: 'BACKEND_OVERLOADED' },
      agents: { alpha: { state: 'failed', error: { code: 'BACKEND_OVERLOADED', attempts: 3 } } },
    });
  });

  it('says a missing key once, naming the variable', async () => {
    const file = path.join(fixture.directory, 'team.yaml');
    writeFileSync(
      file,
      `agents:\n  - id: keyless\n    backend: { type: openai, model: gpt-5-nano }\n  - id: beta\n    backend: { type: chatcompletion, model: model-beta, base_url: "${fixture.server.url}", api_key: k }\n`,
    );
    const result = await runCli(['--config', file, 'What is 2+2?'], { cwd: fixture.directory, env: plain });

    expect(result.code).toBe(0);
    expect(occurrences(result.stderr, 'OPENAI_API_KEY')).toBe(1);
    expect(result.stderr).toContain('failed: BACKEND_MISSING_KEY');
  });

  it('writes a failure a team of fifty shares once, with its first agent, and counts the agents it drops', async () => {
    fixture.server.setResponder(() => ({ type: 'error', status: 401 }));
    const fifty = Array.from({ length: 50 }, (_, index) => `agent${String(index + 1).padStart(2, '0')}`);
    const file = fixture.writeTeam(fifty);
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], { cwd: fixture.directory });

    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines.filter((line) => line.includes('(BACKEND_AUTH)')).length, result.stderr).toBeLessThanOrEqual(3);
    expect(result.stderr).not.toContain('the same failure as');
    expect(result.stderr).toMatch(/^Team: 50 failed · 0 answers$/m);
    expect(lines.length, result.stderr).toBeLessThan(15);
    expect(result.stderr).toContain('stop reason: all-agents-failed');
  });
});

describe('massgen with a provider that accepts the request and then sends nothing', () => {
  it('drops the silent agent once the others have voted, says so in the progress lines, and concludes', async () => {
    fixture.server.setResponder(silentAgent('gamma'));
    const result = await fixture.runTeam(
      ['alpha', 'beta', 'gamma'],
      'timeout_settings:\n  straggler_timeout_seconds: 1\n',
    );
    expect(result.stderr).toMatch(/warning: gamma has sent nothing for \d+ ms/);
    expect(result.stderr).toContain(
      'Agent "gamma" (chatcompletion/model-gamma) was dropped so the team can conclude without it: Silent for 1 s while the rest of the team waited',
    );
    expect(result.stderr).toContain('stop reason: consensus');
    const status = JSON.parse(readFileSync(path.join(fixture.latestRecord(), 'status.json'), 'utf8')) as {
      agents: Record<string, { state: string; error?: { code: string } }>;
    };
    expect(status.agents['gamma']).toMatchObject({ state: 'failed', error: { code: 'TIMEOUT' } });
  });

  it('says that an agent whose review a new answer stopped waits for the silent one, until it is dropped', async () => {
    const alphaReviewing = createDeferred<void>();
    fixture.server.setResponder(async (request, context) => {
      const seen = JSON.stringify(request.messages);
      if (request.model === 'model-gamma') return { type: 'stall', afterChunks: 0 };
      if (request.model === 'model-alpha' && seen.includes('says model-alpha') && !seen.includes('says model-beta')) {
        // alpha reviews its own answer alone until beta's answer stops that review.
        alphaReviewing.resolve();
        return { type: 'stall', afterChunks: 0 };
      }
      if (request.model === 'model-beta' && !seen.includes('says model-beta')) await alphaReviewing.promise;
      return fourTeam(request, context);
    });
    const result = await fixture.runTeam(
      ['alpha', 'beta', 'gamma'],
      'timeout_settings:\n  straggler_timeout_seconds: 1\n',
    );
    const lines = result.stderr.split('\n');
    const waits = lines.findIndex(
      (line) =>
        line ===
        "alpha waits for gamma's first answer before it restarts: new answer agent2.1 made its turn out of date",
    );
    const dropped = lines.findIndex((line) =>
      line.startsWith('Agent "gamma" (chatcompletion/model-gamma) was dropped'),
    );
    const restarts = lines.findIndex((line) => line.startsWith('alpha restarts: new answer agent2.1'));
    const answered = lines.indexOf('beta answered (agent2.1, 3 words)');
    expect(answered).toBeGreaterThan(-1);
    expect(waits).toBeGreaterThan(answered);
    expect(dropped).toBeGreaterThan(waits);
    expect(restarts).toBeGreaterThan(dropped);
    const waiting = fixture.recordedEvents().find((event) => event.type === 'agent-waiting');
    expect(waiting).toMatchObject({ agentId: 'alpha', waitingFor: ['gamma'] });
  });

  it('waits for it when straggler_timeout_seconds is 0, until the run time limit', async () => {
    fixture.server.setResponder(silentAgent('gamma'));
    const file = fixture.writeTeam(
      ['alpha', 'beta', 'gamma'],
      'timeout_settings:\n  straggler_timeout_seconds: 0\n  orchestrator_timeout_seconds: 3\n',
    );
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], { cwd: fixture.directory });

    expect(result.code).toBe(3);
    expect(result.stderr).not.toContain('was dropped');
    expect(result.stderr).toContain('stop reason: timeout');
  });
});

describe('massgen with a provider that goes silent within one request', () => {
  /** alpha and beta answer; gamma's requests are cut off by its own `timeout_seconds: 1`. */
  function writeTeamWithSilentGamma(): string {
    const url = fixture.server.url;
    const file = path.join(fixture.directory, 'team.yaml');
    // No straggler rule: what ends gamma's requests is the request's own silence limit.
    writeFileSync(
      file,
      `agents:\n${agentYaml('alpha', url)}${agentYaml('beta', url)}${agentYaml('gamma', url, ', timeout_seconds: 1')}timeout_settings:\n  straggler_timeout_seconds: 0\n`,
    );
    return file;
  }

  it('cuts off a request silent before its first byte, asks again up to 3 times saying so, then concludes without it', async () => {
    fixture.server.setResponder(silentAgent('gamma'));
    const result = await runCli(['--config', writeTeamWithSilentGamma(), 'What is 2+2?'], {
      cwd: fixture.directory,
      env: plain,
    });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    expect(fixture.server.requests.filter((request) => request.model === 'model-gamma')).toHaveLength(3);
    const [progress] = result.stderr.split('\nFinished: ');
    expect(progress).toMatch(/gamma: .*silent for 1 s/);
    expect(progress).toContain('(attempt 2 of 3)');
    expect(progress).toContain('(attempt 3 of 3)');
    expect(progress).toContain(
      'Agent "gamma" (chatcompletion/model-gamma) was dropped after 3 failed request attempts',
    );
    expect(occurrences(progress ?? '', 'silent for 1 s')).toBe(1);
  });

  it('cuts off a stream that stops in the middle, and the turn is tried again, saying which attempt', async () => {
    fixture.server.setResponder((request, context) =>
      request.model === 'model-gamma'
        ? { type: 'stall', afterChunks: 2, reply: { type: 'text', text: 'Four, says model-gamma, and then' } }
        : fourTeam(request, context),
    );
    const result = await runCli(['--config', writeTeamWithSilentGamma(), 'What is 2+2?'], {
      cwd: fixture.directory,
      env: plain,
    });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    const [progress] = result.stderr.split('\nFinished: ');
    expect(progress).toMatch(/gamma: .*went silent for 1 s in the middle of its response/);
    expect(progress).toContain('(attempt 2 of 3)');
    expect(progress).toMatch(/Agent "gamma" .* was dropped/);
  });
});

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelArgs, runCli } from './run-cli.js';
import { fourTeam, useTeamFixture } from './team-fixture.js';

const fixture = useTeamFixture('one-agent');

/** A team of one in the seed dialect's `agent:` form. */
function writeSolo(extra = ''): string {
  const file = path.join(fixture.directory, 'solo.yaml');
  writeFileSync(
    file,
    `agent:\n  id: solo\n  backend: { type: chatcompletion, model: solo-model, base_url: "${fixture.server.url}", api_key: k }\n${extra}`,
  );
  return file;
}

interface Status {
  strategy: string;
  stopReason: string;
  agents: Record<string, { state: string }>;
}

const latestStatus = (): Status => fixture.recordedJson<Status>('status.json');

const plain = { TERM: 'dumb' };

describe('a team of one', () => {
  it('answers in one model call by default: no self-vote, no presentation', async () => {
    const result = await runCli(['--config', writeSolo(), 'What is 2+2?'], { cwd: fixture.directory, env: plain });

    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    expect(fixture.server.requests).toHaveLength(1);
    expect(fixture.server.requests[0]?.tools).toEqual([]);
    expect(result.stderr).not.toContain('voted');
    expect(result.stderr).not.toContain('presented');
    expect(result.stderr).toContain('Finished: completed');
    expect(latestStatus()).toMatchObject({ strategy: 'passthrough', agents: { solo: { state: 'answered' } } });
  });

  it('answers in one model call from --model too', async () => {
    const result = await runCli(
      ['--no-display', ...modelArgs('solo-model', fixture.server.url, 'chatcompletion'), 'What is 2+2?'],
      { cwd: fixture.directory },
    );
    expect(result.code).toBe(0);
    expect(fixture.server.requests).toHaveLength(1);
  });

  it('iterates when configured: answers, votes on its answer and presents', async () => {
    const result = await runCli(
      ['--config', writeSolo('orchestrator:\n  coordinate_single_agent: true\n'), 'What is 2+2?'],
      { cwd: fixture.directory, env: plain },
    );

    expect(result.code).toBe(0);
    expect(fixture.server.requests).toHaveLength(3);
    expect(result.stderr).toContain('solo voted for solo (agent1.1)');
    expect(result.stderr).toContain('solo presented the final answer');
    expect(latestStatus()).toMatchObject({ strategy: 'vote', stopReason: 'consensus' });
  });

  it('reads upstream’s ui.use_orchestrator_for_single_agent the same way', async () => {
    const result = await runCli(
      ['--no-display', '--config', writeSolo('ui:\n  use_orchestrator_for_single_agent: true\n'), 'What is 2+2?'],
      { cwd: fixture.directory },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('warning');
    expect(fixture.server.requests).toHaveLength(3);
  });

  it('never reports presented for an answer when every agent failed: the answer stands as submitted', async () => {
    // It answers, then its review turn fails for good.
    fixture.server.setResponder((request, context) =>
      JSON.stringify(request.messages).includes('Four, says')
        ? { type: 'error', status: 401 }
        : fourTeam(request, context),
    );
    const result = await runCli(
      ['--config', writeSolo('orchestrator:\n  coordinate_single_agent: true\n'), 'What is 2+2?'],
      { cwd: fixture.directory, env: plain },
    );

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('Four, says solo-model.\n');
    expect(result.stderr).not.toContain('presented');
    expect(result.stderr).toContain("solo's answer agent1.1 is the final answer, as submitted");
    expect(result.stderr).toMatch(/solo +solo-model +[\d,]+ tok +1 answer, failed: BACKEND_AUTH/);
    expect(latestStatus()).toMatchObject({ stopReason: 'all-agents-failed', agents: { solo: { state: 'failed' } } });
  });
});

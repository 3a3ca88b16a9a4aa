import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeChatRequest } from '@massgen/testing';
import { runCli } from './run-cli.js';
import type { CliRun } from './run-cli.js';
import { useTeamFixture } from './team-fixture.js';

const fixture = useTeamFixture('topology');
const five = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

/** The anonymous labels a request lets its agent vote among: the answers it was shown. */
function offeredLabels(request: FakeChatRequest): string[] {
  const vote = request.tools.find((tool) => tool.function.name === 'vote');
  const properties = vote?.function.parameters?.['properties'] as { agent_id?: { enum?: string[] } } | undefined;
  return properties?.agent_id?.enum ?? [];
}

/** Every labelled set of answers each agent was shown, by agent id (`model-<id>`). */
function shownByAgent(requests: readonly FakeChatRequest[]): Map<string, string[][]> {
  const shown = new Map<string, string[][]>();
  for (const request of requests) {
    const labels = offeredLabels(request);
    if (labels.length === 0) continue;
    const agentId = request.model.replace(/^model-/, '');
    shown.set(agentId, [...(shown.get(agentId) ?? []), labels]);
  }
  return shown;
}

/** `fixture.runTeam` with `orchestrator.topology: <topology>`, or the default topology when none. */
function runTopology(ids: readonly string[], topology?: string): Promise<CliRun> {
  return fixture.runTeam(ids, topology === undefined ? '' : `orchestrator:\n  topology: ${topology}\n`);
}

describe('massgen with orchestrator.topology', () => {
  it('ring: each agent is shown, and votes among, its own answer and its two nearest peers; the team concludes', async () => {
    const result = await runTopology(five, '{type: ring, neighbors: 2}');
    expect(result.stderr).toContain('stop reason: consensus');
    // agent1 (alpha) neighbours agent2 and agent5 on the ring; agent3 (gamma) agent2 and agent4.
    const allowed: Record<string, string[]> = {
      alpha: ['agent1', 'agent2', 'agent5'],
      beta: ['agent1', 'agent2', 'agent3'],
      gamma: ['agent2', 'agent3', 'agent4'],
      delta: ['agent3', 'agent4', 'agent5'],
      epsilon: ['agent1', 'agent4', 'agent5'],
    };
    const shown = shownByAgent(fixture.server.requests);
    expect([...shown.keys()].sort()).toEqual([...five].sort());
    for (const [agentId, views] of shown) {
      // Its own answer and its two neighbours' at most, whoever of them had answered.
      for (const labels of views) expect(labels.length).toBeLessThanOrEqual(3);
      // The vote that counted came once every answer was in: exactly its ring neighbourhood.
      expect([...(views.at(-1) ?? [])].sort()).toEqual(allowed[agentId]);
    }
  });

  it('top_k by its name alone: at most three answers besides its own, and the team concludes', async () => {
    await runTopology(five, 'top_k');
    const views = [...shownByAgent(fixture.server.requests).values()].flat();
    expect(views.length).toBeGreaterThan(0);
    for (const labels of views) expect(labels.length).toBeLessThanOrEqual(4);
  });

  it('islands by its name alone: groups of four vote inside, the two group winners vote between them; the team concludes', async () => {
    const six = [...five, 'zeta'];
    const result = await runTopology(six, 'islands');
    expect(result.stderr).toContain('stop reason: consensus');
    const groupOf = (label: string): number => (Number(label.replace('agent', '')) <= 4 ? 0 : 1);
    const shown = shownByAgent(fixture.server.requests);
    const finalists = result.stderr.match(/among the group winners \((agent\d\.\d), (agent\d\.\d)\)/);
    expect(finalists, result.stderr).not.toBeNull();
    const finalLabels = [finalists![1]!, finalists![2]!].map((label) => label.split('.')[0]!);
    six.forEach((agentId, index) => {
      const own = `agent${index + 1}`;
      for (const labels of shown.get(agentId) ?? []) {
        const inGroup = labels.every((label) => groupOf(label) === groupOf(own));
        const inFinal = finalLabels.includes(own) && [...labels].sort().join() === [...finalLabels].sort().join();
        expect(inGroup || inFinal, `${agentId} was shown ${labels.join(', ')}`).toBe(true);
      }
    });
  });

  it('tournament of pairs: pairs meet, match winners advance stage by stage until one is left; the team concludes', async () => {
    const result = await runTopology(five, '{type: tournament, size: 2}');
    expect(result.stderr).toContain('stop reason: consensus');
    // Stage 1: alpha-beta, gamma-delta, epsilon alone. Each votes for the first answer it is shown,
    // so beta and delta, knocked out, are never shown more than their match.
    const stage1: Record<string, string[]> = { beta: ['agent1', 'agent2'], delta: ['agent3', 'agent4'] };
    const shown = shownByAgent(fixture.server.requests);
    for (const agentId of ['beta', 'delta'])
      for (const labels of shown.get(agentId) ?? []) expect(stage1[agentId]).toEqual(expect.arrayContaining(labels));
    // Stage 2: alpha meets gamma (epsilon has a bye); stage 3: alpha meets epsilon.
    expect(shown.get('epsilon')).toEqual([['agent5'], ['agent1', 'agent5']]);
    expect(shown.get('gamma')?.at(-1)).toEqual(['agent1', 'agent3']);
    expect(shown.get('alpha')?.slice(-2)).toEqual([
      ['agent1', 'agent3'],
      ['agent1', 'agent5'],
    ]);
    expect(result.stderr).toMatch(/in stage 2 of the tournament it meets agent3\.1/);
    expect(result.stderr).toMatch(/in stage 3 of the tournament it meets agent5\.1/);
    expect(fixture.recordedJson<{ winnerAgentId?: string }>('status.json').winnerAgentId).toBe('alpha');
  });

  it(
    'a team of 50 finishes with every topology, with a winner and a complete record',
    { timeout: 240_000 },
    async () => {
      const fifty = Array.from({ length: 50 }, (_, index) => `agent${String(index + 1).padStart(2, '0')}`);
      for (const topology of ['full', 'ring', 'top_k', 'islands', 'tournament']) {
        const file = fixture.writeTeam(fifty, `orchestrator:\n  topology: ${topology}\n`);
        const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], { cwd: fixture.directory });

        expect(result.code, `${topology}: ${result.stderr.slice(-2000)}`).toBe(0);
        expect(result.stdout).toBe('The answer is 4.\n');
        const status = fixture.recordedJson<{
          state: string;
          stopReason: string;
          winnerAgentId?: string;
          answers: unknown[];
        }>('status.json');
        expect(status).toMatchObject({ state: 'finished', stopReason: 'consensus' });
        expect(fifty).toContain(status.winnerAgentId);
        expect(status.answers.length).toBeGreaterThanOrEqual(50);
        const answerFiles = readdirSync(path.join(fixture.latestRecord(), 'answers'));
        expect(answerFiles.length, topology).toBe(status.answers.length);
        expect(readFileSync(path.join(fixture.latestRecord(), 'final.md'), 'utf8')).toBe('The answer is 4.');
        // The progress lines sum the team up instead of a line per agent's start, answer and vote.
        expect(result.stderr, topology).toContain('Starting 50 agents: agent01, agent02, agent03 and 47 more');
        expect(result.stderr, topology).not.toContain('is working on an answer');
        expect(result.stderr, topology).toMatch(
          /^Team: .* · \d+ answers · leading: agent\d+\.\d+ \(agent\d\d\) \d+ votes?/m,
        );
        expect(result.stderr.split('\n').length, `${topology}:\n${result.stderr}`).toBeLessThan(60);
        if (topology === 'islands') {
          expect(result.stderr).toMatch(
            /^Islands: 13 groups \(agent01–agent04, agent05–agent08, agent09–agent12 and 10 more\)/m,
          );
          expect(result.stderr).toMatch(
            /^Island 13 \(agent49, agent50\) decided: agent\d+\.\d+ \(agent\d\d\) with \d of 2 votes$/m,
          );
          expect(result.stderr).toContain('Islands final: the 13 group winners');
        }
        if (topology === 'tournament') {
          // By its name alone, matches of four.
          expect(result.stderr).toContain('Tournament stage 1: 50 agents in 13 matches');
          expect(result.stderr).toContain('Tournament stage 2: 13 agents in 4 matches');
          expect(result.stderr).toMatch(/^Tournament stage \d: agent\d\d's answer is the last one left$/m);
        }
      }
    },
  );

  it('full, the default, shows every answer', async () => {
    await runTopology(five);
    const views = [...shownByAgent(fixture.server.requests).values()].flat();
    expect(Math.max(...views.map((labels) => labels.length))).toBe(5);
  });

  it('--validate names the key path of a topology it does not know, and of a bad parameter', async () => {
    const file = fixture.writeTeam(['alpha', 'beta'], 'orchestrator:\n  topology: star\n');
    const unknown = await runCli(['--validate', file], { cwd: fixture.directory });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr + unknown.stdout).toMatch(
      /orchestrator\.topology.*expected "full", "ring", "top_k", "islands" or "tournament".*got "star"/,
    );

    const zero = fixture.writeTeam(['alpha', 'beta'], 'orchestrator:\n  topology: {type: ring, neighbors: 0}\n');
    const bad = await runCli(['--validate', zero], { cwd: fixture.directory });
    expect(bad.code).toBe(1);
    expect(bad.stderr + bad.stdout).toMatch(/orchestrator\.topology\.neighbors.*got 0/);
  });
});

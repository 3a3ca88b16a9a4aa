import { describe, expect, it } from 'vitest';
import { createDeferred } from '@massgen/testing';
import { runCli, startCli } from './run-cli.js';
import { fourTeam, useTeamFixture } from './team-fixture.js';

const fixture = useTeamFixture('votes');

interface RecordedVote {
  voter: string;
  label: string;
  round: number;
  stale: boolean;
  outdatedBy?: string;
}

function latestRecord() {
  return {
    votes: fixture.recordedJson<RecordedVote[]>('votes.json'),
    status: fixture.recordedJson<Record<string, unknown>>('status.json'),
    events: fixture.recordedEvents(),
  };
}

/**
 * Rounds mean one thing everywhere: round k is every agent's k-th turn, so it begins with the
 * first of them. The progress lines say `Round k` before any line of round k, and the run's
 * round (the summary, status.json) is the highest any agent reached, which the votes and
 * answers of votes.json and events.jsonl never pass.
 */
function expectRoundsToAgree(stderr: string): number {
  const { votes, status, events } = latestRecord();
  let announced = 0;
  for (const line of stderr.split('\n')) {
    const round = /^Round (\d+)$/.exec(line);
    if (round !== null) {
      expect(Number(round[1])).toBe(announced + 1);
      announced += 1;
    }
    if (/ is working on an answer$/.test(line)) expect(announced).toBe(1);
    const inRound = / \(round (\d+)\)$| in round (\d+)/.exec(line);
    if (inRound !== null) expect(Number(inRound[1] ?? inRound[2]), line).toBeLessThanOrEqual(announced);
  }
  const reached = Math.max(
    ...events.flatMap((event) => (event.type === 'agent-start' || event.type === 'vote' ? [event.round] : [])),
  );
  expect(announced).toBe(reached);
  expect(status['round']).toBe(reached);
  expect(Math.max(...votes.map((vote) => vote.round))).toBeLessThanOrEqual(reached);
  expect(stderr).toContain(`Rounds: ${reached} · answers:`);
  return reached;
}

describe('votes made out of date by a later answer', () => {
  it('are kept and marked stale in votes.json, status.json and the summary, never counted', async () => {
    // gamma's first answer waits until beta has voted: beta's vote is then out of date.
    const betaVoted = createDeferred<void>();
    fixture.server.setResponder(async (request, context) => {
      const first = !JSON.stringify(request.messages).includes(`Four, says ${request.model}.`);
      if (request.model === 'model-gamma' && first && request.tools.length > 0) await betaVoted.promise;
      return fourTeam(request, context);
    });
    const started = startCli(['--config', fixture.writeTeam(['alpha', 'beta', 'gamma']), 'What is 2+2?'], {
      cwd: fixture.directory,
      env: { TERM: 'dumb' },
    });
    let progress = '';
    started.child.stderr?.on('data', (chunk: Buffer) => {
      progress += chunk.toString();
      if (/beta voted for /.test(progress)) betaVoted.resolve();
    });
    const result = await started.done;

    expect(result.code).toBe(0);
    const { votes, status } = latestRecord();
    const outdated = votes.filter((vote) => vote.stale);
    expect(outdated.length).toBeGreaterThan(0);
    expect(outdated).toContainEqual(expect.objectContaining({ voter: 'beta', outdatedBy: 'agent3.1' }));
    expect(votes.filter((vote) => !vote.stale).length).toBe(3);
    expect(status['votes']).toContainEqual(
      expect.objectContaining({ agentId: 'beta', stale: true, outdatedBy: 'agent3.1' }),
    );
    expect(result.stderr).toMatch(/Votes: agent\d\.1 \(\w+\) 3 \(and \d out of date, not counted\)/);
    // beta voted again after its vote went out of date: a third turn, so a third round, in the summary too.
    const beta = votes.filter((vote) => vote.voter === 'beta');
    expect(beta.at(-1)?.round).toBe(3);
    expect(expectRoundsToAgree(result.stderr)).toBe(Math.max(...votes.map((vote) => vote.round)));
  });
});

describe('rounds', () => {
  it('mean one thing everywhere: each agent turn k is round k, and max_rounds bounds them', async () => {
    const result = await runCli(
      ['--config', fixture.writeTeam(['alpha', 'beta', 'gamma'], 'orchestrator:\n  max_rounds: 2\n'), 'What is 2+2?'],
      { cwd: fixture.directory, env: { TERM: 'dumb' } },
    );
    expect(result.code).toBe(0);
    const { votes, status, events } = latestRecord();

    const announced = [...result.stderr.matchAll(/^Round (\d+)$/gm)].map((match) => Number(match[1]));
    expect(announced).toEqual([1, 2]);
    // A vote's round is its voter's turn number: the same in the progress lines and votes.json.
    const votedIn = [...result.stderr.matchAll(/^(\w+) voted for \w+ \(agent\d\.\d\) in round (\d+)/gm)].map(
      (match) => [match[1], Number(match[2])],
    );
    expect(votedIn).toEqual(votes.map((vote) => [vote.voter, vote.round]));
    for (const event of events) {
      if (event.type === 'vote') {
        const turn = events.filter(
          (start) => start.type === 'agent-start' && start.agentId === event.agentId && start.seq < event.seq,
        );
        expect(turn.at(-1)).toMatchObject({ round: event.round });
      }
      if ('round' in event) expect(event.round).toBeLessThanOrEqual(2);
    }
    expect(status['round']).toBe(2);
    expect(result.stderr).toContain('Rounds: 2 · answers: 3');
    expect(expectRoundsToAgree(result.stderr)).toBe(2);
  });

  it('max_rounds: 1 is one turn each: answers and no votes', async () => {
    const result = await runCli(
      ['--config', fixture.writeTeam(['alpha', 'beta'], 'orchestrator:\n  max_rounds: 1\n'), 'What is 2+2?'],
      { cwd: fixture.directory, env: { TERM: 'dumb' } },
    );
    expect(result.code).toBe(0);
    expect([...result.stderr.matchAll(/^Round (\d+)$/gm)].map((match) => match[1])).toEqual(['1']);
    expect(result.stderr).toContain("alpha's answer agent1.1 is chosen, with no votes cast (max-rounds)");
    expect(latestRecord().votes).toEqual([]);
  });
});

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackendRequest, RunEvent, StreamPart } from '@massgen/core';
import { createScriptedBackend, hang } from '@massgen/testing';
import type { ScriptedTurn } from '@massgen/testing';
import { readResumableRun } from './resumable-run.js';
import { run } from './run.js';
import { alphaAndBeta, useRunDirectory } from './run-test-support.js';

const runDirectory = useRunDirectory('resume');
const team = (budget: string) =>
  runDirectory.config(`${alphaAndBeta}orchestrator:
${budget}`);

const usage: StreamPart = { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } };

/** Answers when it may only answer, presents when no tool is offered, and otherwise waits forever. */
function answerOnly(answer: string, calls: BackendRequest[]) {
  return (request: BackendRequest): ScriptedTurn => {
    calls.push(request);
    if (request.tools === undefined || request.tools.length === 0)
      return [{ type: 'text-delta', text: `Final: ${answer}` }, usage, { type: 'finish', reason: 'stop' }];
    if (request.tools.some((tool) => tool.name === 'vote')) return [hang()];
    return [
      { type: 'tool-call', id: 'a', name: 'new_answer', input: JSON.stringify({ content: answer }) },
      usage,
      { type: 'finish', reason: 'tool-calls' },
    ];
  };
}

/** The start of a vote run on the record: question `q`, the agents on one provider and model. */
function runStart(agentIds: readonly string[]): Record<string, unknown> {
  return {
    type: 'run-start',
    task: 'q',
    strategy: 'vote',
    agents: agentIds.map((id) => ({ id, provider: 'p', modelId: 'm' })),
  };
}

/** `agentId`'s first-round answer `label`, saying `content`. */
function answer(agentId: string, label: string, content: string, extra: Record<string, unknown> = {}) {
  return { type: 'answer', agentId, label, content, round: 1, ...extra };
}

/** `agentId`'s second-round vote for `targetAgentId`'s answer `targetLabel`. */
function vote(agentId: string, targetAgentId: string, targetLabel: string, extra: Record<string, unknown> = {}) {
  return { type: 'vote', agentId, targetAgentId, targetLabel, reason: 'r', round: 2, ...extra };
}

/**
 * The coordination a resumed run rebuilds from a record `name` of `events`, numbered and timed as
 * the runtime writes them.
 */
function rebuiltCoordination(name: string, events: ReadonlyArray<Record<string, unknown>>) {
  const record = path.join(runDirectory.path, name);
  mkdirSync(record);
  writeFileSync(
    path.join(record, 'events.jsonl'),
    events.map((event, seq) => JSON.stringify({ ...event, runId: name, seq, time: seq })).join('\n') + '\n',
  );
  return readResumableRun(record).coordination;
}

/** Alpha and beta answering as `answerOnly` does, each request they get pushed onto `calls`. */
function answeringBackends(calls: BackendRequest[] = []) {
  return {
    alpha: createScriptedBackend({ turns: answerOnly('4', calls), modelId: 'model-a' }),
    beta: createScriptedBackend({ turns: answerOnly('four', calls), modelId: 'model-b' }),
  };
}

const options = runDirectory.options;

describe('run with resume', () => {
  it("counts what the stopped run spent toward the budget, and keeps its events' numbering", async () => {
    const stop = new AbortController();
    const first = await run(
      team('  max_rounds: 5\n'),
      'What is 2+2?',
      options({
        signal: stop.signal,
        backends: answeringBackends(),
        onEvent: (event) => {
          if (event.type === 'answer' && event.agentId === 'beta') stop.abort();
        },
      }),
    );
    expect(first.stopReason).toBe('cancelled');
    const stopped = readResumableRun(first.recordDirectory!);
    expect(stopped).toMatchObject({ runId: first.runId, stoppedBy: 'cancelled', task: 'What is 2+2?' });
    expect(stopped.coordination.answers.map((answer) => answer.label).sort()).toEqual(['agent1.1', 'agent2.1']);

    // 30 tokens were spent before the stop: a budget of 20 is already used up.
    const calls: BackendRequest[] = [];
    const events: RunEvent[] = [];
    const resumed = await run(
      team('  budget: { max_tokens_total: 20 }\n'),
      stopped.task,
      options({
        resume: stopped,
        backends: answeringBackends(calls),
        onEvent: (event) => events.push(event),
      }),
    );
    expect(resumed.runId).toBe(first.runId);
    expect(resumed.stopReason).toBe('budget');
    expect(resumed.finalAnswer).toMatch(/^Final: /);
    // Only the presentation ran: no agent was asked to coordinate again.
    expect(calls.filter((request) => (request.tools?.length ?? 0) > 0)).toEqual([]);
    expect(resumed.answers).toHaveLength(2);
    const tokens = resumed.usage.reduce((sum, entry) => sum + (entry.usage.inputTokens ?? 0), 0);
    expect(tokens).toBe(30);
    expect(events[0]).toMatchObject({ type: 'warning', warning: { code: 'run-resumed' } });
    expect(events[0]?.seq).toBe(stopped.events.length);
    const recorded = readFileSync(path.join(first.recordDirectory!, 'events.jsonl'), 'utf8').trim().split('\n');
    expect(recorded.map((line) => (JSON.parse(line) as RunEvent).seq)).toEqual(recorded.map((_, index) => index));
  });

  it.each([
    {
      title:
        'keeps the votes an answer left standing (outside what their voters were shown) when it rebuilds the coordination',
      record: 'kept',
      events: [
        runStart(['a', 'b', 'c']),
        answer('a', 'agent1.1', 'x'),
        vote('a', 'a', 'agent1.1'),
        vote('b', 'a', 'agent1.1'),
        answer('c', 'agent3.1', 'y', { keptVotes: ['b'] }),
      ],
      voters: ['b'],
    },
    {
      title: 'does not restore the vote a finalist set aside when its next round began (islands, tournament)',
      record: 'advanced',
      events: [
        runStart(['a', 'b']),
        answer('a', 'agent1.1', 'x'),
        vote('a', 'a', 'agent1.1'),
        vote('b', 'a', 'agent1.1'),
        { type: 'restart', agentId: 'a', reason: 'its answer won its match; in stage 2 of the tournament it meets …' },
      ],
      voters: ['b'],
    },
  ])('$title', ({ record, events, voters }) => {
    expect(rebuiltCoordination(record, events).votes.map((vote) => vote.agentId)).toEqual(voters);
  });

  it('does not restore a vote that was stale on arrival, even while the answer it chose is still current', () => {
    const coordination = rebuiltCoordination('stale', [
      runStart(['a', 'b', 'c']),
      answer('a', 'agent1.1', 'x'),
      answer('b', 'agent2.1', 'y'),
      vote('c', 'a', 'agent1.1'),
      // Cast while a was shown only agent1.1, and arriving after agent2.1: it never counted, and
      // agent1.1 is still a's current answer, so nothing later marks it out of date.
      vote('a', 'a', 'agent1.1', { stale: true }),
    ]);
    expect(coordination.votes.map((vote) => vote.agentId)).toEqual(['c']);
    // Its turn still ended: the agent goes on from the next one.
    expect(coordination.agents.find((agent) => agent.agentId === 'a')).toMatchObject({ turnsCompleted: 2 });
  });

  it('keeps the stages announced and the summaries made, so a resumed run neither announces nor makes them again', () => {
    const stage1 = { topology: 'islands' as const, stage: 1, groups: [['a'], ['b']] };
    const summary = { label: 'agent1.1', summary: 's', answerWords: 400, summaryWords: 1, modelId: 'm' };
    const coordination = rebuiltCoordination('staged', [
      runStart(['a', 'b']),
      { type: 'groups', ...stage1 },
      answer('a', 'agent1.1', 'x'),
      { type: 'answer-summary', agentId: 'a', ...summary },
    ]);
    expect(coordination.groups).toEqual([stage1]);
    expect(coordination.summaries).toEqual([summary]);
  });

  it('keeps the person’s messages, and drops the votes a message made out of date, when it rebuilds the coordination', () => {
    const coordination = rebuiltCoordination('messaged', [
      runStart(['a', 'b']),
      answer('a', 'agent1.1', 'x'),
      vote('a', 'a', 'agent1.1'),
      vote('b', 'a', 'agent1.1'),
      { type: 'human-message', text: 'Use metric units.', to: ['b'], outdatedVotes: ['b'] },
      { type: 'human-message', text: 'Too late for anyone.', late: true },
    ]);
    expect(coordination.votes.map((vote) => vote.agentId)).toEqual(['a']);
    expect(coordination.messages).toEqual([{ text: 'Use metric units.', to: ['b'] }]);
  });

  it('goes on with the attempt under way after an orchestration restart: only its answers and votes, the restart and every message', () => {
    const restart = {
      agentId: 'a',
      attempt: 2,
      maxAttempts: 3,
      reason: 'too short',
      instructions: 'say more',
      previousAnswer: 'Final x',
    };
    const coordination = rebuiltCoordination('restarted', [
      runStart(['a', 'b']),
      { type: 'round', round: 1 },
      { type: 'agent-start', agentId: 'a', round: 1, attempt: 1, reason: 'initial' },
      answer('a', 'agent1.1', 'x'),
      { type: 'human-message', text: 'Use metric units.' },
      { type: 'round', round: 2 },
      vote('b', 'a', 'agent1.1'),
      { type: 'consensus', winnerAgentId: 'a', winnerLabel: 'agent1.1', tally: [], stopReason: 'consensus' },
      { type: 'orchestration-restart', ...restart },
      { type: 'round', round: 1 },
      { type: 'agent-start', agentId: 'b', round: 1, attempt: 1, reason: 'initial' },
      answer('b', 'agent2.1', 'y'),
    ]);
    expect(coordination).toEqual({
      answers: [{ agentId: 'b', label: 'agent2.1', content: 'y', round: 1 }],
      votes: [],
      agents: [
        { agentId: 'a', turnsStarted: 0, turnsCompleted: 0 },
        { agentId: 'b', turnsStarted: 1, turnsCompleted: 1 },
      ],
      round: 1,
      orchestrationRestart: restart,
      messages: [{ text: 'Use metric units.' }],
    });
  });

  it('refuses a record whose run concluded, or one damaged in the middle', async () => {
    const finished = await run(
      team('  max_rounds: 1\n'),
      'q',
      options({
        backends: answeringBackends(),
      }),
    );
    expect(finished.stopReason).toBe('max-rounds');
    // max-rounds leaves work to go on with (a larger max_rounds); consensus does not.
    expect(readResumableRun(finished.recordDirectory!).stoppedBy).toBe('max-rounds');
    expect(() => readResumableRun(path.join(runDirectory.path, 'nowhere'))).toThrow(/cannot be resumed: it has no/);
    const damaged = path.join(runDirectory.path, 'damaged');
    mkdirSync(damaged);
    writeFileSync(
      path.join(damaged, 'events.jsonl'),
      `${readFileSync(path.join(finished.recordDirectory!, 'events.jsonl'), 'utf8').split('\n')[0]}\n{oops\n{"type":"round","round":1,"seq":2,"time":1}\n`,
    );
    expect(() => readResumableRun(damaged)).toThrow(/line 2 of .* is not valid JSON/);
  });
});

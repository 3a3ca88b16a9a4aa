import { createScriptedAgent, errorPart } from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { collectEvents, eventsOfType, onlyEvent } from '@massgen/testing/strategy';
import { answerThenVoteBy, answerThenVoteFirst, votingViews } from './test-agents.js';
import { runVote } from './test-context.js';

const ids = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
const pairwise = { topology: { type: 'tournament', size: 2 } } as const;

/** Fails its first request with a key the provider rejects: the agent is out at once. */
function failing(id: string): ScriptedAgent {
  return createScriptedAgent({
    id,
    turns: [[errorPart({ code: 'BACKEND_AUTH', message: 'Key rejected.', retryable: false })]],
  });
}

/** The restart reasons that opened a tournament stage, by agent. */
function stageRestarts(events: Awaited<ReturnType<typeof collectEvents>>): string[][] {
  return eventsOfType(events, 'restart')
    .filter((restart) => restart.reason.includes('of the tournament'))
    .map((restart) => [restart.agentId, restart.reason]);
}

describe('vote strategy: tournament', () => {
  it('pairs: each agent sees only its match; match winners advance stage by stage and the last match decides', async () => {
    const agents = ids.map(answerThenVoteFirst);
    const events = await runVote({ agents, settings: pairwise });

    const [a1, a2, a3, a4, a5, a6] = agents as [
      ScriptedAgent,
      ScriptedAgent,
      ScriptedAgent,
      ScriptedAgent,
      ScriptedAgent,
      ScriptedAgent,
    ];
    // Stage 1 pairs a1-a2, a3-a4, a5-a6; everyone votes for the first answer it is shown, so the
    // lower-numbered agent of each pair wins. Stage 2: a1 meets a3, a5 has a bye. Stage 3: a1 meets a5.
    for (const [agent, match] of [
      [a2, ['agent1', 'agent2']],
      [a4, ['agent3', 'agent4']],
      [a6, ['agent5', 'agent6']],
    ] as const)
      for (const labels of votingViews(agent)) expect(match).toEqual(expect.arrayContaining(labels));
    expect(votingViews(a1).slice(-2)).toEqual([
      ['agent1', 'agent3'],
      ['agent1', 'agent5'],
    ]);
    expect(votingViews(a3).at(-1)).toEqual(['agent1', 'agent3']);
    expect(votingViews(a5).at(-1)).toEqual(['agent1', 'agent5']);
    // Knocked out, an agent is asked nothing more.
    expect(votingViews(a2).every((labels) => labels.length <= 2)).toBe(true);
    expect(votingViews(a5).filter((labels) => labels.includes('agent3'))).toEqual([]);
    expect(stageRestarts(events)).toEqual([
      ['a1', 'its answer won its match; in stage 2 of the tournament it meets agent3.1'],
      ['a3', 'its answer won its match; in stage 2 of the tournament it meets agent1.1'],
      ['a1', 'its answer won its match; in stage 3 of the tournament it meets agent5.1'],
      ['a5', 'its answer won its match; in stage 3 of the tournament it meets agent1.1'],
    ]);
    // The displays are told each stage's matches as it opens; the last holds the champion alone.
    expect(eventsOfType(events, 'groups').map((event) => [event.stage, event.groups])).toEqual([
      [
        1,
        [
          ['a1', 'a2'],
          ['a3', 'a4'],
          ['a5', 'a6'],
        ],
      ],
      [2, [['a1', 'a3'], ['a5']]],
      [3, [['a1', 'a5']]],
      [4, [['a1']]],
    ]);
    const consensus = onlyEvent(events, 'consensus');
    expect(consensus).toMatchObject({ winnerAgentId: 'a1', winnerLabel: 'agent1.1', stopReason: 'consensus' });
    // Every answer keeps its count in the tally.
    expect(consensus.tally.map((entry) => entry.label)).toEqual(ids.map((_, index) => `agent${index + 1}.1`));
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus', finalAnswer: 'Final from a1' });
  });

  it('by its name alone, matches of four: nine agents meet in three matches, then the three winners in one', async () => {
    const nine = Array.from({ length: 9 }, (_, index) => `a${index + 1}`);
    const agents = nine.map(answerThenVoteFirst);
    const events = await runVote({ agents, settings: { topology: 'tournament' } });

    expect(eventsOfType(events, 'groups').map((event) => [event.stage, event.groups])).toEqual([
      [1, [['a1', 'a2', 'a3', 'a4'], ['a5', 'a6', 'a7', 'a8'], ['a9']]],
      [2, [['a1', 'a5', 'a9']]],
      [3, [['a1']]],
    ]);
    expect(votingViews(agents[1]!).at(-1)).toEqual(['agent1', 'agent2', 'agent3', 'agent4']);
    expect(votingViews(agents[5]!).at(-1)).toEqual(['agent5', 'agent6', 'agent7', 'agent8']);
    for (const finalist of [0, 4, 8])
      expect(votingViews(agents[finalist]!).at(-1)).toEqual(['agent1', 'agent5', 'agent9']);
    expect(onlyEvent(events, 'consensus')).toMatchObject({ winnerAgentId: 'a1', stopReason: 'consensus' });
  });

  it('the last match decides, even when the other finalist holds more votes in all', async () => {
    // Matches of three. a1 and a2 back agent2.1 against a3's own; a4, a5 and a6 all back agent4.1.
    // The final is a tie (each finalist backs its own), which goes to the agent listed first, a2:
    // agent4.1 ends with 3 votes in all (a5, a6, a4), agent2.1 with 2 (a1, a2), and agent2.1 wins.
    const choice: Record<string, string> = {
      a1: 'agent2',
      a2: 'agent2',
      a3: 'agent3',
      a4: 'agent4',
      a5: 'agent4',
      a6: 'agent4',
    };
    const agents = ids.map((id) =>
      answerThenVoteBy(id, (labels) => (labels.includes(choice[id]!) ? choice[id] : labels[0])),
    );
    const events = await runVote({ agents, settings: { topology: { type: 'tournament', size: 3 } } });

    expect(stageRestarts(events).map(([agentId]) => agentId)).toEqual(['a2', 'a4']);
    const consensus = onlyEvent(events, 'consensus');
    expect(consensus).toMatchObject({ winnerAgentId: 'a2', winnerLabel: 'agent2.1', stopReason: 'consensus' });
    expect(consensus.tally).toEqual(
      expect.arrayContaining([
        { label: 'agent2.1', agentId: 'a2', votes: 2, weight: 2 },
        { label: 'agent4.1', agentId: 'a4', votes: 3, weight: 3 },
      ]),
    );
  });

  it('a match whose member fails goes to the other; a match whose members all fail sends nobody on', async () => {
    // a2 fails before answering, a3 and a4 both do: stage 1 sends a1 and a5 on, and they meet at once.
    const agents = [
      answerThenVoteFirst('a1'),
      failing('a2'),
      failing('a3'),
      failing('a4'),
      ...['a5', 'a6'].map(answerThenVoteFirst),
    ];
    const events = await runVote({ agents, settings: pairwise });

    expect(eventsOfType(events, 'agent-killed').map((event) => event.agentId)).toEqual(['a2', 'a3', 'a4']);
    expect(votingViews(agents[0]!).at(-1)).toEqual(['agent1', 'agent5']);
    expect(stageRestarts(events)).toEqual([
      ['a1', 'its answer won its match; in stage 2 of the tournament it meets agent5.1'],
      ['a5', 'its answer won its match; in stage 2 of the tournament it meets agent1.1'],
    ]);
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'a1' });
  });

  it('answer-now mid-tournament: the leader among the answers still in it presents', async () => {
    // Stage 2 turns never end: the answer is asked for while a1 and a3 are meeting.
    const stageOne: Record<string, readonly string[]> = {
      a1: ['agent1', 'agent2'],
      a2: ['agent1', 'agent2'],
      a3: ['agent3', 'agent4'],
      a4: ['agent3', 'agent4'],
    };
    // Each pair backs its first answer: a1 and a3 advance, keeping a2's and a4's votes.
    const agents = ['a1', 'a2', 'a3', 'a4'].map((id) =>
      answerThenVoteBy(id, (labels) =>
        labels.some((label) => !stageOne[id]!.includes(label)) ? undefined : labels[0],
      ),
    );
    const answerNow = new AbortController();
    const events = await runVote({ agents, settings: pairwise, answerNow: answerNow.signal }, (event) => {
      if (event.type === 'restart' && event.reason.includes('of the tournament')) answerNow.abort();
    });

    expect(stageRestarts(events).length).toBeGreaterThan(0);
    // agent1.1 and agent3.1 have one vote each (a2's, a4's); the tie goes to the agent listed first.
    expect(onlyEvent(events, 'consensus')).toMatchObject({ stopReason: 'answer-now', winnerAgentId: 'a1' });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'answer-now', finalAnswer: 'Final from a1' });
  });
});

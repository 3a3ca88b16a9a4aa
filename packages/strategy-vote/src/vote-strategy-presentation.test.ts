import type { StrategyModule, TurnRequest } from '@massgen/core';
import { answerTurn, createScriptedAgent, errorPart, newAnswerCall, textTurn, voteTurn } from '@massgen/testing';
import type { ScriptedAgentTurn } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { expectFinalAnswer } from '@massgen/testing/vitest';
import * as strategyModule from './index.js';
import { isPresentation } from './test-requests.js';
import { runVote } from './test-context.js';

/** An agent that answers, votes for agent1, and presents with `presentation`. */
function agentPresentingWith(
  id: string,
  answer: string,
  reason: string,
  presentation: ScriptedAgentTurn,
  systemMessage?: string,
) {
  return createScriptedAgent({
    id,
    ...(systemMessage === undefined ? {} : { systemMessage }),
    turns: (request: TurnRequest, index: number) => {
      if (isPresentation(request)) return presentation;
      return index === 0 ? answerTurn(answer) : voteTurn('agent1', reason);
    },
  });
}

describe('vote strategy: presentation and event stream', () => {
  it('has the winner present with no workflow tools, from the task, the answers and the vote results', async () => {
    const presentation: ScriptedAgentTurn = [
      { type: 'reasoning-delta', text: 'Polishing.' },
      { type: 'text-delta', text: 'The capital ' },
      ...textTurn('is Paris.'),
    ];
    const alice = agentPresentingWith(
      'alice',
      'Paris',
      'Concise and correct.',
      presentation,
      'You are a careful geographer.',
    );
    const bob = agentPresentingWith('bob', 'Marseille', 'Paris is the capital.', textTurn('unused'));
    const history = [
      { role: 'user' as const, content: 'Earlier question' },
      { role: 'assistant' as const, content: 'Earlier final answer' },
    ];
    const events = await runVote({ agents: [alice, bob], history });

    const request = alice.requests.at(-1) as TurnRequest;
    expect(request.toolChoice).toBe('none');
    expect(request.workflowTools).toEqual([]);
    expect(request.messages[0]?.content).toMatch(/^You are a careful geographer\./);
    const prompt = promptText(request);
    for (const expected of [
      'What is the capital of France?',
      'Marseille',
      'agent1: 2 votes',
      'Paris is the capital.',
      'Earlier final answer',
    ]) {
      expect(prompt).toContain(expected);
    }
    expect(eventsOfType(events, 'final-delta').map((event) => event.text)).toEqual(['The capital ', 'is Paris.']);
    expect(eventsOfType(events, 'agent-delta')).toContainEqual({
      type: 'agent-delta',
      agentId: 'alice',
      kind: 'reasoning',
      text: 'Polishing.',
    });
    expectFinalAnswer(events, {
      stopReason: 'consensus',
      agentId: 'alice',
      label: 'agent1.final',
      content: 'The capital is Paris.',
    });
  });

  it('returns the winning answer as it stands when the presentation is skipped', async () => {
    const solo = agentPresentingWith('solo', 'As submitted', 'mine', textTurn('never asked'));
    const events = await runVote({ agents: [solo], settings: { skip_final_presentation: true } });

    expect(solo.requests.some(isPresentation)).toBe(false);
    expect(eventsOfType(events, 'final-delta')).toEqual([]);
    expectFinalAnswer(events, { stopReason: 'consensus', agentId: 'solo', label: 'agent1.1', content: 'As submitted' });
  });

  it.each<[string, ScriptedAgentTurn, object]>([
    [
      'fails',
      [errorPart({ code: 'BACKEND_OVERLOADED', message: 'Overloaded.', retryable: true })],
      { code: 'BACKEND_OVERLOADED' },
    ],
    ['is empty', textTurn(''), { code: 'WORKFLOW_VIOLATION', message: expect.stringContaining('empty') }],
  ])('falls back to the winning answer when the presentation %s', async (_case, presentation, error) => {
    const solo = agentPresentingWith('solo', 'Fallback text', 'mine', presentation);
    const events = await runVote({ agents: [solo] });

    expect(onlyEvent(events, 'agent-error')).toMatchObject({ agentId: 'solo', willRetry: false, error });
    expectFinalAnswer(events, {
      stopReason: 'consensus',
      agentId: 'solo',
      label: 'agent1.1',
      content: 'Fallback text',
    });
  });

  it('turns every part of a turn into the matching event, tagged with the agent', async () => {
    const worker = createScriptedAgent({
      id: 'worker',
      tools: [{ name: 'search', description: 'Searches.', inputSchema: { type: 'object' } }],
      turns: [
        [
          { type: 'reasoning-delta', text: 'Let me look.' },
          { type: 'tool-call', id: 'call-1', name: 'search', input: '{"q":"capital"}' },
          { type: 'tool-result', id: 'call-1', name: 'search', output: 'Paris', isError: false },
          { type: 'warning', warning: { code: 'unsupported-setting', message: 'seed ignored' } },
          { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } },
          ...textTurn('Found it.', newAnswerCall('Paris')),
        ],
        voteTurn('agent1', 'mine'),
        textTurn('Paris.'),
      ],
    });
    const events = await runVote({ agents: [worker] });

    const turnEvents = events.slice(
      events.findIndex((event) => event.type === 'agent-start') + 1,
      events.findIndex((event) => event.type === 'answer'),
    );
    expect(turnEvents).toEqual([
      { type: 'agent-delta', agentId: 'worker', kind: 'reasoning', text: 'Let me look.' },
      { type: 'tool-call', agentId: 'worker', callId: 'call-1', name: 'search', input: '{"q":"capital"}' },
      { type: 'tool-result', agentId: 'worker', callId: 'call-1', name: 'search', output: 'Paris', isError: false },
      { type: 'warning', warning: { code: 'unsupported-setting', message: 'seed ignored', agentId: 'worker' } },
      { type: 'usage', agentId: 'worker', usage: { inputTokens: 10, outputTokens: 5 } },
      { type: 'agent-delta', agentId: 'worker', kind: 'text', text: 'Found it.' },
    ]);
    // Workflow calls become answers and votes, never tool-call events.
    expect(eventsOfType(events, 'tool-call')).toHaveLength(1);
  });

  it('warns about orchestrator settings that cannot act on the run', async () => {
    const solo = agentPresentingWith('solo', 'A', 'mine', textTurn('Done.'));
    const settings = { restart_after_stagnation: 2, enable_restarts: false, round_timeout_grace_seconds: 1 };
    const events = await runVote({ agents: [solo], settings });

    expect(eventsOfType(events, 'warning').map((event) => [event.warning.code, event.warning.path])).toEqual([
      ['setting-without-effect', 'orchestrator.restart_after_stagnation'],
      ['setting-without-effect', 'timeout_settings.round_timeout_grace_seconds'],
    ]);
    expect(events[1]?.type).toBe('warning');
  });

  it('exports the strategy module contract', () => {
    const module: StrategyModule = strategyModule;
    expect(module.specificationVersion).toBe('v1');
    expect(module.createStrategy().name).toBe('vote');
  });
});

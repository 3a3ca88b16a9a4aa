import type { StrategyModule } from '@massgen/core';
import { createScriptedAgent, errorPart, hang, notify, textTurn } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { collectEvents, eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { expectFinalAnswer, expectOnlyEvent } from '@massgen/testing/vitest';
import * as strategyModule from './index.js';
import { createPipelineContext } from './pipeline-test-context.js';
import { createSequentialStrategy } from './sequential-strategy.js';

const analyst = () =>
  createScriptedAgent({
    id: 'analyst',
    systemMessage: 'You audit code.',
    turns: [textTurn('Audit: three magic numbers.')],
  });
const refactorer = () =>
  createScriptedAgent({
    id: 'refactorer',
    systemMessage: 'You refactor code.',
    turns: [textTurn('Refactored: constants named.')],
  });
const writer = () =>
  createScriptedAgent({
    id: 'writer',
    systemMessage: 'You write docs.',
    turns: [textTurn('# Docs\nUsage and changes.')],
  });

describe('sequential strategy', () => {
  it('runs the agents in order, each on the task and every earlier output, and the last output is the final answer', async () => {
    const agents = [analyst(), refactorer(), writer()];
    const events = await collectEvents(createSequentialStrategy(), createPipelineContext({ agents }));

    expect(events.map((event) => event.type)).toEqual([
      'run-start',
      ...['round', 'agent-start', 'agent-delta', 'answer'],
      ...['round', 'agent-start', 'agent-delta', 'answer'],
      ...['round', 'agent-start', 'agent-delta', 'answer'],
      'final',
      'run-end',
    ]);
    expect(events[0]).toMatchObject({ type: 'run-start', strategy: 'sequential' });
    expect(eventsOfType(events, 'answer').map((event) => [event.agentId, event.label, event.round])).toEqual([
      ['analyst', 'agent1.1', 1],
      ['refactorer', 'agent2.1', 2],
      ['writer', 'agent3.1', 3],
    ]);
    const [first, second, third] = agents.map((agent) => promptText(agent.requests[0]));
    expect(first).toContain('You audit code.');
    expect(first).toContain('stage 1 of 3');
    expect(first).not.toContain('earlier_outputs');
    expect(second).toContain('<output stage="1" agent="analyst">\nAudit: three magic numbers.\n</output>');
    expect(third).toContain('Audit: three magic numbers.');
    expect(third).toContain('Refactored: constants named.');
    expect(third).toContain('it is the final answer the user reads');
    for (const agent of agents) expect(agent.requests[0]).toMatchObject({ workflowTools: [], toolChoice: 'auto' });
    expectOnlyEvent(events, 'final', {
      agentId: 'writer',
      label: 'agent3.1',
      content: '# Docs\nUsage and changes.',
    });
    expect(events.at(-1)).toEqual({
      type: 'run-end',
      stopReason: 'completed',
      winnerAgentId: 'writer',
      finalAnswer: '# Docs\nUsage and changes.',
    });
  });

  it('starts a stage only after the one before it has ended', async () => {
    const released: string[] = [];
    const first = createScriptedAgent({
      id: 'first',
      turns: [[notify(() => released.push('first ends')), ...textTurn('One.')]],
    });
    const second = createScriptedAgent({
      id: 'second',
      turns: [[notify(() => released.push('second starts')), ...textTurn('Two.')]],
    });
    await collectEvents(createSequentialStrategy(), createPipelineContext({ agents: [first, second] }));

    expect(released).toEqual(['first ends', 'second starts']);
  });

  it('reports a failing stage and goes on with what exists, telling later stages', async () => {
    const broken = createScriptedAgent({
      id: 'refactorer',
      provider: 'claude_code',
      turns: [[errorPart({ code: 'BACKEND_AUTH', message: 'Invalid API key.', retryable: false })]],
    });
    const docs = writer();
    const events = await collectEvents(
      createSequentialStrategy(),
      createPipelineContext({ agents: [analyst(), broken, docs] }),
    );

    // The failure is reported once, by the event that drops the agent.
    expect(eventsOfType(events, 'agent-error')).toEqual([]);
    expect(onlyEvent(events, 'agent-killed')).toMatchObject({
      agentId: 'refactorer',
      reason: 'Agent "refactorer" (claude_code/scripted-model) failed stage 2 after 1 attempt',
      error: { code: 'BACKEND_AUTH', message: 'Invalid API key.' },
    });
    const writerPrompt = promptText(docs.requests[0]);
    expect(writerPrompt).toContain('Stage 2 (refactorer) failed and produced no output: Invalid API key.');
    expect(writerPrompt).toContain('Audit: three magic numbers.');
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'completed', winnerAgentId: 'writer' });
  });

  it('tries a stage again when it writes nothing, saying why', async () => {
    const quiet = createScriptedAgent({ id: 'quiet', turns: [textTurn(''), textTurn('Second try.')] });
    const events = await collectEvents(createSequentialStrategy(), createPipelineContext({ agents: [quiet] }));

    expect(onlyEvent(events, 'agent-error')).toMatchObject({
      attempt: 1,
      willRetry: true,
      error: { code: 'WORKFLOW_VIOLATION' },
    });
    expect(eventsOfType(events, 'agent-start').map((event) => [event.attempt, event.reason])).toEqual([
      [1, 'initial'],
      [2, 'retry'],
    ]);
    expect(promptText(quiet.requests[1])).toContain(
      'Your previous attempt at this stage was not accepted: Agent "quiet" ended its stage without writing any output.',
    );
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'completed', finalAnswer: 'Second try.' });
  });

  it('returns the latest output when the last stage fails', async () => {
    const failingWriter = createScriptedAgent({
      id: 'writer',
      turns: () => [errorPart({ code: 'BACKEND_SERVER', message: 'Overloaded.', retryable: true })],
    });
    const events = await collectEvents(
      createSequentialStrategy(),
      createPipelineContext({ agents: [analyst(), refactorer(), failingWriter] }),
    );

    expect(failingWriter.requests).toHaveLength(3);
    expect(onlyEvent(events, 'agent-killed').agentId).toBe('writer');
    expect(onlyEvent(events, 'final')).toMatchObject({
      agentId: 'refactorer',
      content: 'Refactored: constants named.',
    });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'completed', winnerAgentId: 'refactorer' });
  });

  it('stops with all-agents-failed and a clear error when no stage produced anything', async () => {
    const locked = (id: string) =>
      createScriptedAgent({
        id,
        turns: [[errorPart({ code: 'BACKEND_AUTH', message: `No key for ${id}.`, retryable: false })]],
      });
    const events = await collectEvents(
      createSequentialStrategy(),
      createPipelineContext({ agents: [locked('one'), locked('two')] }),
    );

    expect(eventsOfType(events, 'final')).toEqual([]);
    expect(onlyEvent(events, 'run-end')).toMatchObject({
      stopReason: 'all-agents-failed',
      error: {
        code: 'BACKEND_AUTH',
        message: expect.stringContaining('stage 1 (one): No key for one.; stage 2 (two): No key for two.'),
      },
    });
  });

  it('stops when an answer is asked for now, and the latest output is the final answer', async () => {
    const answerNow = new AbortController();
    const stuck = createScriptedAgent({ id: 'refactorer', turns: [[notify(() => answerNow.abort()), hang()]] });
    const docs = writer();
    const events = await collectEvents(
      createSequentialStrategy(),
      createPipelineContext({ agents: [analyst(), stuck, docs], answerNow: answerNow.signal }),
    );

    expect(stuck.abortedTurns).toEqual([0]);
    expect(docs.requests).toEqual([]);
    expect(eventsOfType(events, 'agent-error')).toEqual([]);
    expectFinalAnswer(events, {
      stopReason: 'answer-now',
      agentId: 'analyst',
      label: 'agent1.1',
      content: 'Audit: three magic numbers.',
    });
  });

  it('cancels without a final answer', async () => {
    const cancel = new AbortController();
    const stuck = createScriptedAgent({ id: 'analyst', turns: [[notify(() => cancel.abort()), hang()]] });
    const events = await collectEvents(
      createSequentialStrategy(),
      createPipelineContext({ agents: [stuck, writer()], signal: cancel.signal }),
    );

    expect(stuck.abortedTurns).toEqual([0]);
    expect(eventsOfType(events, 'final')).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'run-end', stopReason: 'cancelled' });
  });

  it('stops at the whole-run time limit, with a timeout error when nothing was produced yet', async () => {
    const stuck = createScriptedAgent({ id: 'analyst', turns: [[hang()]] });
    const events = await collectEvents(
      createSequentialStrategy(),
      createPipelineContext({ agents: [stuck, writer()], settings: { timeoutMs: 5 } }),
    );

    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'timeout', error: { code: 'TIMEOUT' } });
  });

  it('stops at the token budget, counted as usage arrives, and keeps the latest output', async () => {
    let tokens = 0;
    const spender = createScriptedAgent({
      id: 'refactorer',
      turns: [[{ type: 'usage', usage: { inputTokens: 900, outputTokens: 200 } }, hang()]],
    });
    const docs = writer();
    const context = createPipelineContext({
      agents: [analyst(), spender, docs],
      settings: { budget: { maxTokensTotal: 1000 } },
      spent: () => ({ tokens, costUsd: 0 }),
    });
    const events = await collectEvents(createSequentialStrategy(), context, (event) => {
      if (event.type === 'usage') tokens += (event.usage.inputTokens ?? 0) + (event.usage.outputTokens ?? 0);
    });

    expect(spender.abortedTurns).toEqual([0]);
    expect(docs.requests).toEqual([]);
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'budget', winnerAgentId: 'analyst' });
  });

  it('fails an attempt that runs past the stage time limit, and tries again', async () => {
    const slow = createScriptedAgent({ id: 'slow', turns: [[hang()], textTurn('Made it.')] });
    const events = await collectEvents(
      createSequentialStrategy(),
      createPipelineContext({ agents: [slow], settings: { roundTimeoutMs: 5 } }),
    );

    expect(slow.abortedTurns).toEqual([0]);
    expect(onlyEvent(events, 'agent-error')).toMatchObject({
      willRetry: true,
      error: { code: 'TIMEOUT', message: expect.stringContaining('time limit of 5 ms') },
    });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'completed', finalAnswer: 'Made it.' });
  });

  it('warns about max_rounds, which means nothing to a pipeline, and reads no strategy key', async () => {
    const settings = { maxRounds: 5 };
    const events = await collectEvents(
      createSequentialStrategy(),
      createPipelineContext({ agents: [analyst()], settings }),
    );

    expect(eventsOfType(events, 'warning').map((event) => event.warning.path)).toEqual(['orchestrator.max_rounds']);
    // The run warns about each vote key given to the pipeline: its schema reads none.
    expect(strategyModule.settingsSchema.safeParse({ voting_method: 'weighted_by_confidence' })).toEqual({
      success: true,
      data: {},
    });
  });

  it('rejects unusable settings and an empty team with an error ending', async () => {
    const badAttempts = await collectEvents(
      createSequentialStrategy(),
      createPipelineContext({ agents: [analyst()], settings: { maxTurnAttempts: 0 } }),
    );
    expect(badAttempts.at(-1)).toMatchObject({
      type: 'run-end',
      stopReason: 'error',
      error: { code: 'CONFIG_INVALID', message: expect.stringContaining('maxTurnAttempts') },
    });
    const empty = await collectEvents(createSequentialStrategy(), createPipelineContext({ agents: [] }));
    expect(empty.at(-1)).toMatchObject({
      type: 'run-end',
      stopReason: 'error',
      error: { message: expect.stringContaining('at least one agent') },
    });
  });

  it('exports the strategy module contract', () => {
    const module: StrategyModule = strategyModule;
    expect(module.specificationVersion).toBe('v1');
    expect(module.createStrategy().name).toBe('sequential');
  });
});

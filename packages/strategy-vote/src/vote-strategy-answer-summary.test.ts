import {
  answerTurn,
  createScriptedAgent,
  createScriptedBackend,
  errorPart,
  textTurn,
  voteTurn,
} from '@massgen/testing';
import type { ScriptedAgent, ScriptedBackend } from '@massgen/testing';
import type { ToolModelChoice, ToolModels, TurnRequest } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { expectOnlyEvent } from '@massgen/testing/vitest';
import { isPresentation, offeredToolNames } from './test-requests.js';
import { runVote } from './test-context.js';
import { answerThenVote } from './test-agents.js';

const longAnswer = `Use a managed container platform. ${Array.from({ length: 40 }, (_, index) => `reason${index}`).join(' ')}`;
const shortAnswer = 'Use a small virtual machine.';
const summary = 'Managed containers, for forty reasons.';

/** Models that answer every request with `backend`, and note who asked for which model. */
function modelsOf(backend: ScriptedBackend): ToolModels & { asked: Array<[string, ToolModelChoice]> } {
  const asked: Array<[string, ToolModelChoice]> = [];
  return {
    asked,
    open: (agentId, choice = {}) => {
      asked.push([agentId, choice]);
      return Promise.resolve(backend);
    },
  };
}

/** The first summary request's messages as one string. */
const summaryPrompt = (backend: ScriptedBackend): string => JSON.stringify(backend.requests[0]?.messages ?? []);

const coordinationPrompts = (agent: ScriptedAgent): string[] =>
  agent.requests.filter((request) => !isPresentation(request)).map(promptText);

describe('vote strategy: answer_summary', () => {
  it('quotes a long answer to the other agents as its summary, made once; short answers and its own author see the text', async () => {
    const summariser = createScriptedBackend({ turns: [textTurn(summary)], modelId: 'cheap-model' });
    const models = modelsOf(summariser);
    const long = answerThenVote('a1', longAnswer);
    const short = answerThenVote('a2', shortAnswer);
    const events = await runVote({
      agents: [long, short],
      settings: { answer_summary: { above_words: 20, max_words: 10, model: { type: 'openai', model: 'cheap' } } },
      models,
    });

    expect(models.asked).toEqual([['a1', { type: 'openai', model: 'cheap' }]]);
    expect(summaryPrompt(summariser)).toContain('at most 10 words');
    expect(summaryPrompt(summariser)).toContain(longAnswer);
    // a2 was shown a1's answer only as its summary, marked as one.
    const shownToShort = coordinationPrompts(short).filter((prompt) => prompt.includes('label="agent1"'));
    expect(shownToShort.length).toBeGreaterThan(0);
    for (const prompt of shownToShort) {
      expect(prompt).toContain(summary);
      expect(prompt).toContain('summary_of_words="45"');
      expect(prompt).not.toContain('reason39');
    }
    // a1 sees its own answer as written, and a2's short one verbatim.
    const seenByLong = coordinationPrompts(long).at(-1) ?? '';
    expect(seenByLong).toContain(longAnswer);
    expect(seenByLong).toContain(shortAnswer);
    expect(seenByLong).not.toContain('summary_of_words');
    // The record keeps the answer verbatim and the summary beside it.
    expect(eventsOfType(events, 'answer').find((event) => event.agentId === 'a1')?.content).toBe(longAnswer);
    expectOnlyEvent(events, 'answer-summary', {
      agentId: 'a1',
      label: 'agent1.1',
      summary,
      answerWords: 45,
      summaryWords: 5,
      modelId: 'cheap-model',
    });
    expect(eventsOfType(events, 'warning')).toEqual([]);
    // The winner presents with every answer verbatim in view.
    const winner = onlyEvent(events, 'consensus').winnerAgentId === 'a1' ? long : short;
    expect(promptText(winner.requests.find(isPresentation))).toContain(longAnswer);
  });

  it("by default the answer's own author's model writes the summary; answers at or under 300 words are not summarised", async () => {
    const summariser = createScriptedBackend({ turns: [textTurn(summary)] });
    const models = modelsOf(summariser);
    const events = await runVote({
      agents: [answerThenVote('a1', longAnswer), answerThenVote('a2', shortAnswer)],
      settings: { answer_summary: true },
      models,
    });

    expect(models.asked).toEqual([]);
    expect(eventsOfType(events, 'answer-summary')).toEqual([]);

    const wordy = `${longAnswer} ${'more '.repeat(300)}`;
    const summarised = await runVote({
      agents: [answerThenVote('a1', wordy), answerThenVote('a2', shortAnswer)],
      settings: { answer_summary: true },
      models,
    });
    expect(models.asked).toEqual([['a1', {}]]);
    expect(summaryPrompt(summariser)).toContain('at most 120 words');
    expect(onlyEvent(summarised, 'answer-summary')).toMatchObject({ label: 'agent1.1', answerWords: 345 });
  });

  it('a summary that fails leaves the answer verbatim for the other agents, with one warning', async () => {
    const failing = createScriptedBackend({
      turns: [[errorPart({ code: 'BACKEND_OVERLOADED', message: 'the summariser is down', retryable: true })]],
    });
    const short = answerThenVote('a2', shortAnswer);
    const events = await runVote({
      agents: [answerThenVote('a1', longAnswer), short],
      settings: { answer_summary: { above_words: 20 } },
      models: modelsOf(failing),
    });

    expect(eventsOfType(events, 'answer-summary')).toEqual([]);
    const warnings = eventsOfType(events, 'warning').map((event) => event.warning);
    expect(warnings).toEqual([
      {
        code: 'answer-summary-failed',
        message:
          'Answer agent1.1 (45 words) is shown to the other agents verbatim, since its summary failed: the summariser is down.',
        agentId: 'a1',
      },
    ]);
    const shownToShort = coordinationPrompts(short).filter((prompt) => prompt.includes('label="agent1"'));
    expect(shownToShort.length).toBeGreaterThan(0);
    for (const prompt of shownToShort) expect(prompt).toContain(longAnswer);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus' });
  });

  it('summarises the answers of an attempt after an orchestration restart afresh, though their labels come again', async () => {
    const summariser = createScriptedBackend({ turns: [textTurn('First summary.'), textTurn('Second summary.')] });
    let attempt = 0;
    let reviews = 0;
    const isReview = (request: TurnRequest) => offeredToolNames(request).includes('restart_orchestration');
    // a1 writes a long answer each attempt (different ones), reviews by asking for one restart, and both vote for a1.
    const member = (id: string, answer: () => string) =>
      createScriptedAgent({
        id,
        turns: (request) => {
          if (isReview(request))
            return reviews++ === 0
              ? textTurn('', {
                  type: 'tool-call',
                  id: 'restart_1',
                  name: 'restart_orchestration',
                  input: JSON.stringify({ reason: 'Too vague.', instructions: 'Be specific.' }),
                })
              : textTurn('Good.');
          if (isPresentation(request)) {
            if (id === 'a1') attempt += 1;
            return textTurn(`${id} presents`);
          }
          if (!promptText(request).includes('Your own latest answer')) return answerTurn(answer());
          return voteTurn('agent1', 'fine');
        },
      });
    const short = member('a2', () => shortAnswer);
    const events = await runVote({
      agents: [member('a1', () => `${attempt === 0 ? 'First' : 'Second'} attempt: ${longAnswer}`), short],
      settings: { answer_summary: { above_words: 20 }, max_orchestration_restarts: 1 },
      models: modelsOf(summariser),
    });

    const summaries = eventsOfType(events, 'answer-summary');
    expect(summaries.map((event) => [event.label, event.summary])).toEqual([
      ['agent1.1', 'First summary.'],
      ['agent1.1', 'Second summary.'],
    ]);
    const restartAt = events.findIndex((event) => event.type === 'orchestration-restart');
    expect(events.findIndex((event) => event === summaries[1])).toBeGreaterThan(restartAt);
    // After the restart a2 is shown the second attempt's summary, never the first's.
    const quoting = coordinationPrompts(short).filter((prompt) => prompt.includes('<orchestration_restart>'));
    const quotingAgent1 = quoting.filter((prompt) => prompt.includes('label="agent1"'));
    expect(quotingAgent1.length).toBeGreaterThan(0);
    for (const prompt of quotingAgent1) {
      expect(prompt).toContain('Second summary.');
      expect(prompt).not.toContain('First summary.');
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { BackendRequest, RunEvent, StreamPart } from '@massgen/core';
import { createScriptedBackend } from '@massgen/testing';
import type { ScriptedTurn } from '@massgen/testing';
import { run } from './run.js';
import { alphaAndBeta, useRunDirectory } from './run-test-support.js';

const runDirectory = useRunDirectory('run-summary');

const longAnswer = 'Four, since two and two make four, as counting on fingers shows twice over.';

/** Answers `answer`, votes for the first answer on offer, presents; writes `summary` when asked to condense. */
function member(answer: string, spent: number) {
  return (request: BackendRequest): ScriptedTurn => {
    const usage: StreamPart = { type: 'usage', usage: { inputTokens: spent, outputTokens: 1 } };
    const system = request.messages[0]?.content;
    if (typeof system === 'string' && system.includes('condense'))
      return [{ type: 'text-delta', text: 'Four.' }, usage, { type: 'finish', reason: 'stop' }];
    const vote = request.tools?.find((tool) => tool.name === 'vote');
    const labels =
      (vote?.inputSchema['properties'] as Record<string, { enum?: string[] }> | undefined)?.['agent_id']?.enum ?? [];
    if (labels[0] !== undefined) {
      const input = JSON.stringify({ agent_id: labels[0], reason: 'correct' });
      return [{ type: 'tool-call', id: 'v', name: 'vote', input }, usage, { type: 'finish', reason: 'tool-calls' }];
    }
    if (request.tools?.some((tool) => tool.name === 'new_answer') === true) {
      const input = JSON.stringify({ content: answer });
      return [
        { type: 'tool-call', id: 'a', name: 'new_answer', input },
        usage,
        { type: 'finish', reason: 'tool-calls' },
      ];
    }
    return [{ type: 'text-delta', text: `Final: ${answer}` }, usage, { type: 'finish', reason: 'stop' }];
  };
}

describe('run: answer_summary', () => {
  it("counts the summary call toward its author's usage and records the summary beside the verbatim answer", async () => {
    const alpha = createScriptedBackend({ turns: member(longAnswer, 10) });
    const beta = createScriptedBackend({ turns: member('4', 10) });
    const config = runDirectory.config(`${alphaAndBeta}orchestrator:
  answer_summary: { above_words: 5, max_words: 3 }
`);
    const events: RunEvent[] = [];
    const result = await run(config, 'What is 2+2?', {
      ...runDirectory.options(),
      backends: { alpha, beta },
      record: false,
      onEvent: (event) => events.push(event),
    });

    expect(result.stopReason).toBe('consensus');
    const summaryCalls = alpha.requests.filter((request) => JSON.stringify(request.messages[0]).includes('condense'));
    expect(summaryCalls).toHaveLength(1);
    expect(events.filter((event) => event.type === 'answer-summary')).toMatchObject([
      {
        agentId: 'alpha',
        label: 'agent1.1',
        summary: 'Four.',
        answerWords: 14,
        summaryWords: 1,
        modelId: 'scripted-model',
      },
    ]);
    expect(result.answers.find((answer) => answer.agentId === 'alpha')?.content).toBe(longAnswer);
    // Every call alpha's backend answered, the summary included, is in alpha's usage.
    const alphaUsage = result.usage.find((entry) => entry.agentId === 'alpha');
    expect(alphaUsage?.calls).toBe(alpha.requests.length);
    expect(alphaUsage?.usage.inputTokens).toBe(10 * alpha.requests.length);
    // In coordination beta was quoted the summary, never the answer.
    const quotedToBeta = beta.requests
      .filter((request) => request.tools?.some((tool) => tool.name === 'vote') === true)
      .map((request) => JSON.stringify(request.messages));
    expect(quotedToBeta.length).toBeGreaterThan(0);
    for (const text of quotedToBeta) {
      expect(text).toContain('summary_of_words=\\"14\\"');
      expect(text).not.toContain('counting on fingers');
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { FakeChatRequest, FakeReply } from '@massgen/testing';
import { createTeamResponder } from '@massgen/testing';
import type { CliRun } from './run-cli.js';
import { useTeamFixture } from './team-fixture.js';

const fixture = useTeamFixture('answer-summary');
const team = ['alpha', 'beta', 'gamma'];
const longAnswer = (model: string): string =>
  `Four, says ${model}. ${'Two and two make four by counting. '.repeat(12).trim()}`;

const systemText = (request: FakeChatRequest): string => {
  const system = request.messages.find((message) => message.role === 'system');
  return typeof system?.content === 'string' ? system.content : '';
};
const isSummaryRequest = (request: FakeChatRequest): boolean => systemText(request).includes('condense');

/** The team answers at length; a summary request (from the cheap model) is answered in a few words. */
const team4 = createTeamResponder({ answer: (request) => longAnswer(request.model), finalText: 'The answer is 4.' });

/**
 * Runs the team on "What is 2+2?" with `orchestrator` added to its configuration, the summary
 * requests answered by `summaryReply`; the run must succeed with the team's answer whatever they get.
 */
async function runSummarizing(
  summaryReply: (request: FakeChatRequest) => FakeReply,
  orchestrator: string,
): Promise<CliRun> {
  fixture.server.setResponder((request, context) =>
    isSummaryRequest(request) ? summaryReply(request) : team4(request, context),
  );
  return fixture.runTeam(team, orchestrator);
}

describe('massgen with orchestrator.answer_summary', () => {
  it('quotes long answers to the other agents as summaries by the configured model, and records both', async () => {
    await runSummarizing(
      (request) => ({ type: 'text', text: `Four, in short (${request.model}).` }),
      'orchestrator:\n  answer_summary:\n    above_words: 50\n    max_words: 20\n    model: {model: cheap-model}\n',
    );
    const requests = fixture.server.requests;
    // One summary per answer, each by the cheap model on the author's own server and key.
    const summaries = requests.filter(isSummaryRequest);
    expect(summaries.map((request) => request.model)).toEqual(['cheap-model', 'cheap-model', 'cheap-model']);
    // No coordination prompt quotes another agent's answer at length.
    for (const request of requests.filter((each) => each.tools.length > 0)) {
      const prompt = JSON.stringify(request.messages);
      const quotedWhole = team.filter((id) => prompt.includes(longAnswer(`model-${id}`)));
      expect(quotedWhole.filter((id) => `model-${id}` !== request.model)).toEqual([]);
    }
    expect(requests.some((request) => JSON.stringify(request.messages).includes('Four, in short'))).toBe(true);
    const events = fixture.recordedEvents();
    const recorded = events.filter((event) => event.type === 'answer-summary');
    expect(recorded).toHaveLength(3);
    expect(recorded[0]).toMatchObject({
      summary: 'Four, in short (cheap-model).',
      answerWords: 87,
      modelId: 'cheap-model',
    });
    // The answers stay verbatim in the record, and each summary call is counted as its author's.
    const answers = events.filter((event) => event.type === 'answer');
    for (const answer of answers) expect(answer.content).toBe(longAnswer(`model-${answer.agentId}`));
    const cheapUsage = events.filter((event) => event.type === 'usage' && event.modelId === 'cheap-model');
    expect(cheapUsage).toHaveLength(3);
  });

  it('says once per answer when a summary fails, and quotes that answer verbatim', async () => {
    const result = await runSummarizing(
      () => ({ type: 'error', status: 404 }),
      'orchestrator:\n  answer_summary: {above_words: 50, model: {model: cheap-model}}\n',
    );
    const warnings = fixture
      .recordedEvents()
      .filter((event) => event.type === 'warning' && event.warning.code === 'answer-summary-failed');
    expect(warnings).toHaveLength(3);
    expect(result.stderr).toContain('is shown to the other agents verbatim, since its summary failed');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { createFakeOpenAIServer, createTeamResponder, fakeOpenAIErrors } from '@massgen/testing';
import type { FakeOpenAIServer } from '@massgen/testing';
import { run } from './run.js';
import { useRunDirectory } from './run-test-support.js';

const runDirectory = useRunDirectory('gate');
let server: FakeOpenAIServer;

beforeEach(async () => {
  // Every reply takes a while, so a team's requests overlap unless something holds them back.
  server = await createFakeOpenAIServer({ latencyMs: 20 });
  server.setResponder(createTeamResponder({ answer: 'The answer is 4.' }));
});

afterEach(async () => {
  await server.close();
});

interface TeamSettings {
  /** More keys of each agent's backend block, by agent index (`, max_concurrent_requests: 4`). */
  backend?: (index: number) => string;
  /** Each agent's base URL; the fake server's by default. */
  url?: (index: number) => string;
  /** One line of the orchestrator block. */
  orchestrator?: string;
}

/** A team of `size` agents on the fake server. */
function team(size: number, settings: TeamSettings = {}) {
  const agents = Array.from({ length: size }, (_, index) => {
    const extra = settings.backend?.(index) ?? '';
    const url = settings.url?.(index) ?? server.url;
    return `  - id: agent${String(index + 1).padStart(2, '0')}\n    backend: { type: chatcompletion, model: m, api_key: test, base_url: "${url}"${extra} }`;
  });
  const orchestrator = settings.orchestrator === undefined ? '' : `orchestrator:\n  ${settings.orchestrator}\n`;
  return parseConfig(`agents:\n${agents.join('\n')}\n${orchestrator}`, { baseDir: runDirectory.path, env: {} });
}

/** Answers at some length; requests without workflow tools (the presentation, the summaries) get finalText. */
const summarised = createTeamResponder({
  answer: 'The answer is 4, since two and two make four as anyone can count.',
  finalText: '4.',
});

async function runTeam(config: ReturnType<typeof team>) {
  const events: RunEvent[] = [];
  const result = await run(config, 'What is 2+2?', {
    ...runDirectory.options(),
    record: false,
    onEvent: (event) => events.push(event),
  });
  const warnings = events.flatMap((event) => (event.type === 'warning' ? [event.warning] : []));
  return { result, warnings, events };
}

describe('max_concurrent_requests', () => {
  it(
    'holds 50 agents on one provider to its backend.max_concurrent_requests, and says once that agents wait',
    { timeout: 120_000 },
    async () => {
      const { result, warnings } = await runTeam(team(50, { backend: () => ', max_concurrent_requests: 4' }));

      expect(result.stopReason).toBe('consensus');
      expect(result.finalAnswer).toBe('The answer is 4.');
      // Every agent answered, voted and one presented: far more requests than slots, and never more than 4 at once.
      expect(server.requests.length).toBeGreaterThan(100);
      expect(server.peakActiveResponses).toBe(4);
      // One notice for the limit, however many agents and requests waited for it.
      const waits = warnings.filter((warning) => warning.code === 'waiting-for-request-slot');
      expect(waits).toHaveLength(1);
      expect(waits[0]?.message).toMatch(
        /^Requests to chatcompletion at http:\/\/127\.0\.0\.1:\d+\/v1 are held to 4 at once \(backend\.max_concurrent_requests\): agent\d\d waits first for a free request slot, and the agents after it wait their turn$/,
      );
      expect(waits[0]?.message).toContain(`${waits[0]?.agentId ?? 'none'} waits first`);
      // Waiting for a slot is not silence, and no request failed for lack of one.
      expect(warnings.filter((warning) => warning.code === 'agent-silent')).toEqual([]);
      expect(result.error).toBeUndefined();
    },
  );

  it('shares a provider limit among the agents on it, the smallest winning, and the run limit among all providers', async () => {
    // Two providers by base URL (one server, two names for it) of 3 and 2 agents, each held to 1:
    // on the first, by the smallest of the limits its agents set.
    const other = server.url.replace('127.0.0.1', 'localhost');
    const { result } = await runTeam(
      team(5, {
        url: (index) => (index < 3 ? server.url : other),
        backend: (index) =>
          index === 0
            ? ', max_concurrent_requests: 1'
            : index < 3
              ? ', max_concurrent_requests: 5'
              : ', max_concurrent_requests: 1',
      }),
    );
    expect(result.stopReason).toBe('consensus');
    // One request at a time to each of the two providers: two at once in all.
    expect(server.peakActiveResponses).toBe(2);

    await server.close();
    server = await createFakeOpenAIServer({ latencyMs: 20 });
    server.setResponder(createTeamResponder({ answer: 'The answer is 4.' }));
    const { result: capped, warnings } = await runTeam(team(8, { orchestrator: 'max_concurrent_requests: 3' }));
    expect(capped.stopReason).toBe('consensus');
    expect(server.peakActiveResponses).toBe(3);
    expect(warnings.filter((warning) => warning.code === 'waiting-for-request-slot')).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /^Requests are held to 3 at once for the run \(orchestrator\.max_concurrent_requests\): agent\d+ waits first/,
        ) as unknown,
      }),
    ]);
  });

  it("holds the summaries of long answers, made on the agents' own provider, to its limit too", async () => {
    server.setResponder(summarised);
    const { result, events } = await runTeam(
      team(4, {
        backend: () => ', max_concurrent_requests: 1',
        orchestrator: 'answer_summary: { above_words: 2 }',
      }),
    );

    expect(result.stopReason).toBe('consensus');
    expect(events.filter((event) => event.type === 'answer-summary')).toHaveLength(4);
    expect(server.peakActiveResponses).toBe(1);
  });

  it("holds the summaries made on a configured model to the limit of the provider it is on, another agent's", async () => {
    // Three agents on the fake server without a limit; agent04 alone on a second server, held to 1
    // request at once, which is where the summaries of every agent's answer are made.
    const summaries = await createFakeOpenAIServer({ latencyMs: 100 });
    try {
      for (const each of [server, summaries]) each.setResponder(summarised);
      const { result, events } = await runTeam(
        team(4, {
          url: (index) => (index < 3 ? server.url : summaries.url),
          backend: (index) => (index < 3 ? '' : ', max_concurrent_requests: 1'),
          orchestrator: `answer_summary: { above_words: 2, model: { base_url: "${summaries.url}" } }`,
        }),
      );

      expect(result.stopReason).toBe('consensus');
      expect(events.filter((event) => event.type === 'answer-summary')).toHaveLength(4);
      expect(summaries.peakActiveResponses).toBe(1);
    } finally {
      await summaries.close();
    }
  });

  it('holds the summaries made on a configured model on a provider without a limit to the run limit', async () => {
    // The summaries go to the same server under another name: a provider of its own, unlimited,
    // so only orchestrator.max_concurrent_requests holds them with the agents' requests.
    const other = server.url.replace('127.0.0.1', 'localhost');
    server.setResponder(summarised);
    const { result, events } = await runTeam(
      team(4, {
        orchestrator: `max_concurrent_requests: 1\n  answer_summary: { above_words: 2, model: { base_url: "${other}" } }`,
      }),
    );

    expect(result.stopReason).toBe('consensus');
    expect(events.filter((event) => event.type === 'answer-summary')).toHaveLength(4);
    expect(server.peakActiveResponses).toBe(1);
  });

  it("holds every agent on a provider for a rate-limited request's retry-after, so one 429 does not become a storm", async () => {
    let limitedUntil = 0;
    let rejected = 0;
    const responder = createTeamResponder({ answer: 'The answer is 4.' });
    // The provider refuses every request within 300 ms of its first one.
    server.setResponder((request, context) => {
      if (limitedUntil === 0) limitedUntil = Date.now() + 300;
      if (Date.now() < limitedUntil) {
        rejected += 1;
        return fakeOpenAIErrors.rateLimit({ retryAfterMs: '300' });
      }
      return responder(request, context);
    });
    // One request at a time, so the others are still to be sent when the 429 comes back.
    const { result, warnings } = await runTeam(team(5, { backend: () => ', max_concurrent_requests: 1' }));

    expect(result.stopReason).toBe('consensus');
    // The rate-limited request was retried after its retry-after, and nobody else asked meanwhile.
    expect(rejected).toBe(1);
    expect(result.answers).toHaveLength(5);
    expect(warnings.some((warning) => warning.code === 'waiting-for-request-slot')).toBe(true);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import type { FakeOpenAIServer } from '@massgen/testing';
import type { RunEvent } from '@massgen/core';
import { searchingTeam, teamText } from './provider-tools-team.js';
import { runCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';

/** xAI prices its live search per source read: $25 per 1,000. */
const pricePerSource = 0.025;
const sourcesPerSearch = 4;
const xaiKey = 'xai-test-provider-tool-costs';
let directory: string;

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-cli-provider-tool-costs-'));
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** A fake xAI whose model searches, reading `sourcesPerSearch` pages, before each call of `tool`. */
function searchingXai(tool: 'new_answer' | 'vote'): Promise<FakeOpenAIServer> {
  return createFakeOpenAIServer({
    apiKey: xaiKey,
    responder: searchingTeam(
      createTeamResponder(teamText),
      {
        serverTools: [
          {
            type: 'web_search',
            query: 'Eiffel Tower height',
            sources: Array.from({ length: sourcesPerSearch }, (_, page) => ({ url: `https://example.com/${page}` })),
          },
        ],
      },
      tool,
    ),
  });
}

async function runTeam(
  xai: FakeOpenAIServer,
  name: string,
  orchestrator: string,
  backendLines = '',
): Promise<{ events: RunEvent[]; summary: string }> {
  const cwd = mkdtempSync(path.join(directory, `${name}-`));
  const agent = (id: string) => `  - id: ${id}
    backend:
      type: grok
      model: grok-4-fast
      base_url: "${xai.url}"
      enable_web_search: true
${backendLines}`;
  writeFileSync(path.join(cwd, 'team.yaml'), `agents:\n${agent('first')}${agent('second')}${orchestrator}`);
  const env = { XAI_API_KEY: xaiKey };
  const result = await runCli(['--no-display', '--config', 'team.yaml', 'How tall is the Eiffel Tower?'], { cwd, env });
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.code, result.stderr).toBe(0);
  const logs = await runCli(['logs', 'show', 'latest'], { cwd, env });
  expect(logs.code).toBe(0);
  return { events: readRunEvents(cwd), summary: logs.stdout };
}

const usageEvents = (events: RunEvent[]) => events.flatMap((event) => (event.type === 'usage' ? [event] : []));

describe("the providers' own tools in a run's cost and budget", () => {
  it('prices each live search source in the cost of the call that used it, and in the run summary', async () => {
    const xai = await searchingXai('new_answer');
    const { events, summary } = await runTeam(xai, 'cost', '').finally(() => xai.close());
    const searched = usageEvents(events).filter((event) => event.usage.providerToolUses !== undefined);
    expect(searched.length).toBeGreaterThanOrEqual(2);
    for (const event of searched) {
      expect(event.usage.providerToolUses).toEqual({ live_search_sources: sourcesPerSearch });
      // The tokens of a call here cost well under a cent; the sources are what the cost is made of.
      expect(event.costUsd).toBeGreaterThanOrEqual(sourcesPerSearch * pricePerSource);
      expect(event.costUsd).toBeLessThan(sourcesPerSearch * pricePerSource + 0.01);
    }
    const total = usageEvents(events).reduce((sum, event) => sum + (event.costUsd ?? 0), 0);
    expect(total).toBeGreaterThanOrEqual(searched.length * sourcesPerSearch * pricePerSource);
    expect(summary).toContain(`$${total.toFixed(4)}`);
  });

  it('prices the sources at backend.pricing.tool_uses when the configuration gives a price', async () => {
    const xai = await searchingXai('new_answer');
    const ownPrice = 0.5;
    const { events } = await runTeam(
      xai,
      'own-price',
      '',
      `      pricing:\n        tool_uses:\n          live_search_sources: ${ownPrice}\n`,
    ).finally(() => xai.close());
    const searched = usageEvents(events).filter((event) => event.usage.providerToolUses !== undefined);
    expect(searched.length).toBeGreaterThanOrEqual(2);
    for (const event of searched) {
      expect(event.costUsd).toBeGreaterThanOrEqual(sourcesPerSearch * ownPrice);
      expect(event.costUsd).toBeLessThan(sourcesPerSearch * ownPrice + 0.01);
    }
  });

  it('stops coordinating on max_cost_usd reached by the searches alone, and still presents', async () => {
    // The searches come with the votes, so answers are in when the first one crosses the budget.
    const xai = await searchingXai('vote');
    const { events, summary } = await runTeam(
      xai,
      'budget',
      'orchestrator:\n  budget:\n    max_cost_usd: 0.05\n',
    ).finally(() => xai.close());
    const end = events.find((event) => event.type === 'run-end');
    expect(end).toMatchObject({ type: 'run-end', stopReason: 'budget', finalAnswer: 'Final answer: 330 m.' });
    const tokensOnly = usageEvents(events).every(
      (event) =>
        (event.costUsd ?? 0) - (event.usage.providerToolUses?.['live_search_sources'] ?? 0) * pricePerSource < 0.05,
    );
    expect(tokensOnly).toBe(true);
    expect(summary).toContain('the budget was used up');
  });

  it('keeps the answer whose own call used up the budget, and presents it', async () => {
    // The searches come with the answers: the first answer's call alone crosses the budget.
    const xai = await searchingXai('new_answer');
    const { events } = await runTeam(
      xai,
      'budget-answer',
      'orchestrator:\n  budget:\n    max_cost_usd: 0.05\n',
    ).finally(() => xai.close());
    expect(events.filter((event) => event.type === 'answer').length).toBeGreaterThanOrEqual(1);
    const end = events.find((event) => event.type === 'run-end');
    // The winning answer's searches cited pages, which the final answer keeps.
    expect(end).toMatchObject({
      type: 'run-end',
      stopReason: 'budget',
      finalAnswer: expect.stringMatching(/^Final answer: 330 m\.\n\nSources:\n- https:\/\/example\.com\/0/),
    });
  });
});

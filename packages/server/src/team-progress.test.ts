import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@massgen/core';
import type { TeamSummary } from '@massgen/run-state';
import { teamYaml, useTestServers } from './server-test-support.js';
import type { TestServer } from './server-test-support.js';

const startServer = useTestServers();

const fifty = Array.from({ length: 50 }, (_, index) => `agent${String(index + 1).padStart(2, '0')}`);
const fiftyYaml = `agents:\n${fifty
  .map(
    (id) =>
      `  - id: ${id}\n    backend:\n      type: chatcompletion\n      model: model-${id}\n      base_url: "{{upstream}}"\n      api_key: upstream-key\n`,
  )
  .join('')}orchestrator:\n  topology: islands\n`;

/** The progress chunks of one streamed completion: each event, and the team summary sent with it. */
async function streamProgress(server: TestServer): Promise<Array<{ event: RunEvent; team?: TeamSummary }>> {
  const stream = await server.client.chat.completions.create({
    model: 'massgen',
    messages: [{ role: 'user', content: 'What is 2+2?' }],
    stream: true,
  });
  const progress: Array<{ event: RunEvent; team?: TeamSummary }> = [];
  for await (const chunk of stream) {
    const extension = (chunk as { massgen?: { event?: RunEvent; team?: TeamSummary } }).massgen;
    if (extension?.event !== undefined)
      progress.push({ event: extension.event, ...(extension.team === undefined ? {} : { team: extension.team }) });
  }
  return progress;
}

describe('progress chunks of a large team', () => {
  it(
    'carry the team summary of fifty agents: counts, leading answers and each island, after each change',
    { timeout: 120_000 },
    async () => {
      const harness = await startServer({ defaultYaml: fiftyYaml });
      const progress = await streamProgress(harness);

      const summaries = progress.flatMap((entry) => (entry.team === undefined ? [] : [entry]));
      // Streamed text changes no count: it goes without one.
      expect(progress.filter((entry) => entry.event.type === 'usage').every((entry) => entry.team === undefined)).toBe(
        true,
      );
      const first = summaries.find((entry) => entry.event.type === 'groups')?.team;
      expect(first?.agents).toBe(50);
      expect(first?.grouping).toMatchObject({ topology: 'islands', stage: 1 });
      expect(first?.grouping?.groups).toHaveLength(13);
      expect(first?.grouping?.groups[0]?.agentIds).toEqual(fifty.slice(0, 4));

      const atConsensus = summaries.find((entry) => entry.event.type === 'consensus')?.team;
      expect(atConsensus?.counts.failed).toBe(0);
      expect(atConsensus?.answers).toBeGreaterThanOrEqual(50);
      expect(atConsensus?.leaders[0]).toMatchObject({ winner: true });
      // The islands final among the thirteen group winners, each having voted.
      expect(atConsensus?.grouping).toMatchObject({ topology: 'islands', stage: 2 });
      expect(atConsensus?.grouping?.groups[0]).toMatchObject({ decided: true });
      expect(atConsensus?.grouping?.groups[0]?.agentIds).toHaveLength(13);
    },
  );

  it('leave a team of three as it was: the event alone', async () => {
    const harness = await startServer({ defaultYaml: teamYaml });
    const progress = await streamProgress(harness);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((entry) => entry.team === undefined)).toBe(true);
  });
});

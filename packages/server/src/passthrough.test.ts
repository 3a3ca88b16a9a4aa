import { describe, expect, it } from 'vitest';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { MassGenMetadata } from './completion-metadata.js';
import { soloYaml, teamYaml, tokensPerCall, useTestServers } from './server-test-support.js';
import type { TestServer, TestServerOptions } from './server-test-support.js';

const startServer = useTestServers();

/**
 * Starts a test server with `options` and asks its `massgen` model
 * `question`, not streamed: the completion, and the fake upstream with the calls the run made.
 */
async function askServer(
  options: TestServerOptions,
  question = 'And 2+2?',
): Promise<{ completion: ChatCompletion; upstream: TestServer['upstream'] }> {
  const harness = await startServer(options);
  const completion = await harness.client.chat.completions.create({
    model: 'massgen',
    messages: [{ role: 'user', content: question }],
  });
  return { completion, upstream: harness.upstream };
}

describe('passthrough for single-agent configurations', () => {
  it('costs one upstream call carrying the conversation, streamed back as the answer', async () => {
    const harness = await startServer({ defaultYaml: soloYaml, server: { run: { passthrough: true } } });
    const stream = await harness.client.chat.completions.create({
      model: 'massgen',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Use digits.' },
        { role: 'user', content: 'What is 1+1?' },
        { role: 'assistant', content: '2' },
        { role: 'user', content: 'And 2+2?' },
      ],
    });
    let content = '';
    let metadata: MassGenMetadata | undefined;
    let usage: unknown;
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason === 'stop') metadata = (chunk as { massgen?: MassGenMetadata }).massgen;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(content).toBe('The answer is 4.');
    expect(harness.upstream.requests).toHaveLength(1);
    const [upstreamRequest] = harness.upstream.requests;
    expect(upstreamRequest?.tools).toEqual([]);
    expect(upstreamRequest?.messages.map((message) => [message.role, message.content])).toEqual([
      ['system', 'Answer briefly.'],
      ['system', 'Use digits.'],
      ['user', 'What is 1+1?'],
      ['assistant', '2'],
      ['user', 'And 2+2?'],
    ]);
    expect(metadata).toMatchObject({
      stop_reason: 'completed',
      winner_agent_id: 'solo',
      answers: [{ label: 'agent1.1', agent_id: 'solo', content: 'The answer is 4.', round: 1 }],
      votes: [],
    });
    expect(usage).toMatchObject({
      prompt_tokens: tokensPerCall.promptTokens,
      completion_tokens: tokensPerCall.completionTokens,
    });
  });

  it('answers non-streamed requests the same way', async () => {
    const { completion, upstream } = await askServer({ defaultYaml: soloYaml, server: { run: { passthrough: true } } });
    expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
    expect(upstream.requests).toHaveLength(1);
  });

  it('leaves teams of several agents coordinating', async () => {
    const { completion, upstream } = await askServer(
      { defaultYaml: teamYaml, server: { run: { passthrough: true } } },
      'What is 2+2?',
    );
    expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
    expect((completion as { massgen?: MassGenMetadata }).massgen?.stop_reason).toBe('consensus');
    expect(new Set(upstream.requests.map((request) => request.model)).size).toBe(3);
  });

  it('is how a team of one answers anyway, unless its configuration asks to coordinate', async () => {
    const passedThrough = await askServer({ defaultYaml: soloYaml });
    expect(passedThrough.upstream.requests).toHaveLength(1);

    const coordinated = await askServer({ defaultYaml: `${soloYaml}orchestrator:\n  coordinate_single_agent: true\n` });
    expect(coordinated.upstream.requests.length).toBeGreaterThan(1);
  });

  it('overrides a configuration that asks a team of one to coordinate, when the operator turns it on', async () => {
    const { upstream } = await askServer({
      defaultYaml: `${soloYaml}orchestrator:\n  coordinate_single_agent: true\n`,
      server: { run: { passthrough: true } },
    });
    expect(upstream.requests).toHaveLength(1);
  });
});

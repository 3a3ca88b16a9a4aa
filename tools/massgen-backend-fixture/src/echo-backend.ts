import type { Backend, BackendRequest, BackendSettings, StreamPart } from '@massgen/core';

interface VoteParameters {
  properties?: { agent_id?: { enum?: unknown[] } };
}

/**
 * A backend that needs no server: it answers with the last user message echoed back, votes
 * for the first answer on offer, and presents by repeating its answer. It stands for any
 * third-party backend published outside the @massgen scope.
 */
export function createEchoBackend(settings: BackendSettings): Backend {
  const prefix = typeof settings.options['prefix'] === 'string' ? settings.options['prefix'] : 'echo';
  return {
    specificationVersion: 'v1',
    provider: settings.type,
    modelId: settings.model,
    async *stream(request: BackendRequest): AsyncGenerator<StreamPart> {
      const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
      const content = lastUser?.content ?? '';
      const text =
        typeof content === 'string'
          ? content
          : content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
      const question = text.split('\n').find((line) => line.trim() !== '') ?? '';
      const answer = `${prefix}: ${question.trim()}`;
      const vote = request.tools?.find((tool) => tool.name === 'vote');
      const labels = (vote?.inputSchema as VoteParameters | undefined)?.properties?.agent_id?.enum ?? [];
      if (vote !== undefined && typeof labels[0] === 'string') {
        yield {
          type: 'tool-call',
          id: 'call-vote',
          name: 'vote',
          input: JSON.stringify({ agent_id: labels[0], reason: 'It answers the question.' }),
        };
        yield { type: 'finish', reason: 'tool-calls' };
        return;
      }
      if (request.tools?.some((tool) => tool.name === 'new_answer') === true) {
        yield { type: 'tool-call', id: 'call-answer', name: 'new_answer', input: JSON.stringify({ content: answer }) };
        yield { type: 'finish', reason: 'tool-calls' };
        return;
      }
      yield { type: 'text-delta', text: answer };
      yield { type: 'usage', usage: { inputTokens: question.length, outputTokens: answer.length } };
      yield { type: 'finish', reason: 'stop' };
    },
  };
}

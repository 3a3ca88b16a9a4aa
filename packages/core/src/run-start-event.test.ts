import { describe, expect, it } from 'vitest';
import { runStartEvent } from './run-start-event.js';

describe('runStartEvent', () => {
  it('names the strategy, the task and each agent by id, provider and model', () => {
    const agent = { id: 'a', provider: 'openai', modelId: 'gpt', systemMessage: 'Be brief.' };
    expect(runStartEvent('vote', { task: 'why?', agents: [agent] })).toEqual({
      type: 'run-start',
      task: 'why?',
      strategy: 'vote',
      agents: [{ id: 'a', provider: 'openai', modelId: 'gpt' }],
    });
  });
});

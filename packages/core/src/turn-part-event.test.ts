import { describe, expect, it } from 'vitest';
import type { AgentStreamPart } from './agent.js';
import type { CoordinationEvent } from './coordination-event.js';
import { turnPartEvent } from './turn-part-event.js';

const usage = { inputTokens: 3, outputTokens: 5 };
const error = { code: 'BACKEND_RATE_LIMIT', message: 'slow down', retryable: true } as const;

describe('turnPartEvent', () => {
  it.each<[string, AgentStreamPart, CoordinationEvent | undefined]>([
    [
      'text as work',
      { type: 'text-delta', text: 'hi' },
      { type: 'agent-delta', agentId: 'a', kind: 'text', text: 'hi' },
    ],
    [
      'reasoning',
      { type: 'reasoning-delta', text: 'hm' },
      { type: 'agent-delta', agentId: 'a', kind: 'reasoning', text: 'hm' },
    ],
    [
      'a tool call',
      { type: 'tool-call', id: 'c1', name: 'search', input: '{}' },
      { type: 'tool-call', agentId: 'a', callId: 'c1', name: 'search', input: '{}' },
    ],
    [
      'a tool result',
      { type: 'tool-result', id: 'c1', name: 'search', output: 'none', isError: true },
      { type: 'tool-result', agentId: 'a', callId: 'c1', name: 'search', output: 'none', isError: true },
    ],
    ['usage', { type: 'usage', usage }, { type: 'usage', agentId: 'a', usage }],
    [
      'a warning, attributed to the agent',
      { type: 'warning', warning: { code: 'unsupported-setting', message: 'no' } },
      { type: 'warning', warning: { code: 'unsupported-setting', message: 'no', agentId: 'a' } },
    ],
    [
      'a request retry',
      { type: 'retry', attempt: 1, maxAttempts: 3, delayMs: 50, error },
      {
        type: 'agent-error',
        agentId: 'a',
        error: { ...error, agentId: 'a' },
        attempt: 1,
        willRetry: true,
        retry: { scope: 'request', maxAttempts: 3, delayMs: 50 },
      },
    ],
    ['no event for an error', { type: 'error', error }, undefined],
    ['no event for a finish', { type: 'finish', reason: 'stop' }, undefined],
    ['no event for provider metadata', { type: 'provider-metadata', metadata: {} }, undefined],
    ['no event for a slot wait', { type: 'request-slot', waiting: true }, undefined],
  ])('maps %s', (_name, part, event) => {
    expect(turnPartEvent('a', part)).toEqual(event);
  });

  it('streams text as the final answer when the turn presents it', () => {
    expect(turnPartEvent('a', { type: 'text-delta', text: 'hi' }, 'final-answer')).toEqual({
      type: 'final-delta',
      agentId: 'a',
      text: 'hi',
    });
  });
});

import type { AgentStreamPart } from './agent.js';
import type { CoordinationEvent } from './coordination-event.js';
import { requestRetryEvent } from './request-retry-event.js';

/**
 * The event a strategy emits for one part of an agent's turn, or none for the parts that only
 * steer the turn (its finish, its error, provider metadata, waits for a request slot), which
 * each strategy weighs its own way. Text is the agent's work in progress (`agent-delta`) unless
 * the turn streams the final answer (`final-delta`).
 */
export function turnPartEvent(
  agentId: string,
  part: AgentStreamPart,
  text: 'work' | 'final-answer' = 'work',
): CoordinationEvent | undefined {
  switch (part.type) {
    case 'text-delta':
      return text === 'final-answer'
        ? { type: 'final-delta', agentId, text: part.text }
        : { type: 'agent-delta', agentId, kind: 'text', text: part.text };
    case 'reasoning-delta':
      return { type: 'agent-delta', agentId, kind: 'reasoning', text: part.text };
    case 'tool-call':
      return { type: 'tool-call', agentId, callId: part.id, name: part.name, input: part.input };
    case 'tool-result':
      return {
        type: 'tool-result',
        agentId,
        callId: part.id,
        name: part.name,
        output: part.output,
        isError: part.isError,
      };
    case 'usage':
      return { type: 'usage', agentId, usage: part.usage };
    case 'warning':
      return { type: 'warning', warning: { ...part.warning, agentId } };
    case 'retry':
      return requestRetryEvent(agentId, part);
    case 'error':
    case 'finish':
    case 'provider-metadata':
    case 'request-slot':
      return undefined;
  }
}

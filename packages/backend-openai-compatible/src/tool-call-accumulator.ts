import { randomUUID } from 'node:crypto';
import { MassGenError } from '@massgen/core';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

type ToolCallDelta = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number];

interface PendingCall {
  id: string | undefined;
  name: string;
  input: string;
}

/**
 * Joins tool-call fragments. A call is opened by a fragment with its id and name and continued by
 * fragments that carry only argument text, all under the same `index`; several calls interleave.
 */
export class ToolCallAccumulator {
  private readonly calls = new Map<number, PendingCall>();

  get size(): number {
    return this.calls.size;
  }

  add(deltas: readonly ToolCallDelta[]): void {
    deltas.forEach((delta, position) => {
      // Some servers (Gemini's compatible endpoint) omit `index` when each call comes whole.
      const index = typeof delta.index === 'number' ? delta.index : this.calls.size + position;
      const call = this.calls.get(index) ?? { id: undefined, name: '', input: '' };
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.name = delta.function.name;
      if (delta.function?.arguments) call.input += delta.function.arguments;
      this.calls.set(index, call);
    });
  }

  /** The complete calls in index order. Empty arguments become `{}` so they parse as an object. */
  complete(providerName: string): Array<{ type: 'tool-call'; id: string; name: string; input: string }> {
    return [...this.calls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([index, call]) => {
        if (call.name === '') {
          throw new MassGenError({
            code: 'BACKEND_STREAM',
            retryable: true,
            message: `${providerName} streamed a tool call (index ${index}) without a function name.`,
          });
        }
        return {
          type: 'tool-call',
          id: call.id ?? `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
          name: call.name,
          input: call.input === '' ? '{}' : call.input,
        };
      });
  }
}
